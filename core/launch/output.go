package launch

// maxValueChars is the most characters one element of each size takes in
// the output, with quotes and a separator, rounded up: "-128, " for 1
// byte, a bf16 "-3.3895314e+38" for 2, an f32 "-3.4028235e+38" for 4 and
// "-1.7976931348623157e+308" for 8.
var maxValueChars = map[int]int64{1: 8, 2: 18, 4: 20, 8: 28}

// OutputBound is an upper bound of the bytes printing r's buffers takes:
// every value at its widest, plus the printf output and a line per buffer.
func (r *Result) OutputBound() int64 {
	n := int64(len(r.Stdout)) + 1024
	for _, name := range r.Names {
		b := r.Buffers[name]
		n += 256 + int64(len(name)) + int64(b.elems())*maxValueChars[elemSize(b.Type)]
	}
	return n
}
