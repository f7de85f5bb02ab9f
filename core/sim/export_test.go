package sim

// SetRestartPoison sets restartPoison (restartrows.go) for the tests of
// package sim_test, and returns what puts it back.
func SetRestartPoison(v uint64) (undo func()) {
	old := restartPoison
	restartPoison = v
	return func() { restartPoison = old }
}

// SetCompactOff sets compactOff (compact.go) for the tests of package
// sim_test, and returns what puts it back.
func SetCompactOff(off bool) (undo func()) {
	old := compactOff
	compactOff = off
	return func() { compactOff = old }
}

// CloneForTest is a checkpoint's copy of m (clone.go) for the tests of
// package sim_test.
func (m *Machine) CloneForTest() *Machine { return m.clone() }
