// sreg.go: the special registers (PTX ISA 3.1 chapter 9 and the 9.1 summary).

package isa

// SReg describes a special register. Vector registers (%tid) have the
// components .x .y .z (and read-only %tid itself is a .v4 in the manual).
type SReg struct {
	Name   string // with the percent sign
	Type   string // type of one component
	Vector bool   // has .x/.y/.z components (and .w, unused, reading 0)
	Count  int    // numbered family %pm0..%pm{Count-1} (0 = single)
	Doc    string
	PTX    Version
	SM     int
}

// SRegs lists every special register.
var SRegs = []SReg{
	{Name: "%tid", Type: ".u32", Vector: true, Doc: "thread index within the CTA", PTX: 10},
	{Name: "%ntid", Type: ".u32", Vector: true, Doc: "number of threads in each CTA dimension", PTX: 10},
	{Name: "%laneid", Type: ".u32", Doc: "lane index within the warp (0..31)", PTX: 13},
	{Name: "%warpid", Type: ".u32", Doc: "warp index within the CTA (volatile on hardware)", PTX: 13},
	{Name: "%nwarpid", Type: ".u32", Doc: "maximum number of warp ids", PTX: 20, SM: 20},
	{Name: "%ctaid", Type: ".u32", Vector: true, Doc: "CTA index within the grid", PTX: 10},
	{Name: "%nctaid", Type: ".u32", Vector: true, Doc: "number of CTAs in each grid dimension", PTX: 10},
	{Name: "%smid", Type: ".u32", Doc: "SM identifier", PTX: 13},
	{Name: "%nsmid", Type: ".u32", Doc: "maximum number of SM ids", PTX: 20, SM: 20},
	{Name: "%gridid", Type: ".u64", Doc: "grid identifier", PTX: 30},
	{Name: "%is_explicit_cluster", Type: ".pred", Doc: "whether the launch used explicit clusters", PTX: 78, SM: 90},
	{Name: "%clusterid", Type: ".u32", Vector: true, Doc: "cluster index within the grid", PTX: 78, SM: 90},
	{Name: "%nclusterid", Type: ".u32", Vector: true, Doc: "number of clusters in the grid", PTX: 78, SM: 90},
	{Name: "%cluster_ctaid", Type: ".u32", Vector: true, Doc: "CTA index within the cluster", PTX: 78, SM: 90},
	{Name: "%cluster_nctaid", Type: ".u32", Vector: true, Doc: "number of CTAs in the cluster", PTX: 78, SM: 90},
	{Name: "%cluster_ctarank", Type: ".u32", Doc: "CTA rank within the cluster", PTX: 78, SM: 90},
	{Name: "%cluster_nctarank", Type: ".u32", Doc: "number of CTAs in the cluster", PTX: 78, SM: 90},
	{Name: "%lanemask_eq", Type: ".u32", Doc: "mask with the bit of this lane set", PTX: 20, SM: 20},
	{Name: "%lanemask_le", Type: ".u32", Doc: "mask of lanes with index <= this lane", PTX: 20, SM: 20},
	{Name: "%lanemask_lt", Type: ".u32", Doc: "mask of lanes with index < this lane", PTX: 20, SM: 20},
	{Name: "%lanemask_ge", Type: ".u32", Doc: "mask of lanes with index >= this lane", PTX: 20, SM: 20},
	{Name: "%lanemask_gt", Type: ".u32", Doc: "mask of lanes with index > this lane", PTX: 20, SM: 20},
	{Name: "%clock", Type: ".u32", Doc: "cycle counter (simulated, deterministic)", PTX: 10},
	{Name: "%clock_hi", Type: ".u32", Doc: "upper 32 bits of %clock64", PTX: 50, SM: 20},
	{Name: "%clock64", Type: ".u64", Doc: "64-bit cycle counter (simulated, deterministic)", PTX: 20, SM: 20},
	{Name: "%pm", Type: ".u32", Count: 8, Doc: "performance monitoring counter", PTX: 13},
	{Name: "%pm_64", Type: ".u64", Count: 8, Doc: "64-bit performance monitoring counter (%pm0_64..%pm7_64)", PTX: 40, SM: 20},
	{Name: "%envreg", Type: ".b32", Count: 32, Doc: "driver-defined environment register", PTX: 21, SM: 20},
	{Name: "%globaltimer", Type: ".u64", Doc: "global nanosecond timer (simulated)", PTX: 31, SM: 20},
	{Name: "%globaltimer_lo", Type: ".u32", Doc: "lower 32 bits of %globaltimer", PTX: 31, SM: 20},
	{Name: "%globaltimer_hi", Type: ".u32", Doc: "upper 32 bits of %globaltimer", PTX: 31, SM: 20},
	{Name: "%reserved_smem_offset_begin", Type: ".b32", Doc: "start of the reserved shared memory region", PTX: 76, SM: 80},
	{Name: "%reserved_smem_offset_end", Type: ".b32", Doc: "end of the reserved shared memory region", PTX: 76, SM: 80},
	{Name: "%reserved_smem_offset_cap", Type: ".b32", Doc: "total size of the reserved shared memory region", PTX: 76, SM: 80},
	{Name: "%reserved_smem_offset_2", Type: ".b32", Doc: "reserved shared memory offset", PTX: 76, SM: 80},
	{Name: "%total_smem_size", Type: ".u32", Doc: "total shared memory of the CTA (static + dynamic)", PTX: 41, SM: 20},
	{Name: "%aggr_smem_size", Type: ".u32", Doc: "total shared memory including reserved", PTX: 81, SM: 90},
	{Name: "%dynamic_smem_size", Type: ".u32", Doc: "dynamic shared memory of the CTA", PTX: 41, SM: 20},
	{Name: "%current_graph_exec", Type: ".u64", Doc: "handle of the running CUDA graph exec", PTX: 80, SM: 50},
}

// LookupSReg resolves a special register name as written ("%tid.x",
// "%pm3", "%clock64") to its entry and component (0..2 for .x/.y/.z, -1
// for none).
func LookupSReg(name string) (*SReg, int, bool) {
	base, comp := name, -1
	if n := len(name); n > 2 && name[n-2] == '.' {
		switch name[n-1] {
		case 'x':
			comp = 0
		case 'y':
			comp = 1
		case 'z':
			comp = 2
		case 'w':
			comp = 3
		}
		if comp >= 0 {
			base = name[:n-2]
		}
	}
	for i := range SRegs {
		s := &SRegs[i]
		if s.Count > 0 {
			if idx, ok := numbered(base, s.Name); ok && idx < s.Count && comp < 0 {
				return s, idx, true
			}
			continue
		}
		if s.Name == base {
			if s.Vector != (comp >= 0) && !(s.Vector && comp < 0) {
				return nil, 0, false
			}
			return s, comp, true
		}
	}
	return nil, 0, false
}

// numbered matches "%pm3" to "%pm" (3) and "%pm3_64" to "%pm_64" (3).
func numbered(name, family string) (int, bool) {
	prefix, suffix := family, ""
	if i := indexByte(family[1:], '_'); i >= 0 && family != "%envreg" {
		prefix, suffix = family[:i+1], family[i+1:]
	}
	if len(name) <= len(prefix)+len(suffix) || name[:len(prefix)] != prefix || name[len(name)-len(suffix):] != suffix {
		return 0, false
	}
	digits := name[len(prefix) : len(name)-len(suffix)]
	n := 0
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}
