// table_test.go: the instruction table: coverage of the ISA references,
// tricky modifier sequences, gates, and the rows' documentation.

package isa

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// split parses "ld.global.nc.v4.f32" into Lookup's arguments.
func split(ins string) (string, []string) {
	parts := strings.Split(ins, ".")
	var mods []string
	for _, p := range parts[1:] {
		mods = append(mods, "."+p)
	}
	return parts[0], mods
}

// match looks an instruction up and matches its modifiers.
func match(t *testing.T, ins string) (*Entry, *Match) {
	t.Helper()
	op, mods := split(ins)
	e, rest := Lookup(op, mods)
	if e == nil {
		return nil, nil
	}
	return e, e.MatchMods(rest)
}

// TestCoverage: every opcode named in the PTX ISA 3.1 manual and the 9.1
// summary resolves to an entry, and the rest of a dotted name ("add.cc",
// "rcp.approx.ftz.f64") is made of modifiers that entry knows.
func TestCoverage(t *testing.T) {
	for _, list := range []string{"testdata/opcodes_ptx31.txt", "testdata/opcodes_ptx91.txt"} {
		f, err := os.Open(list)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			name := strings.TrimSpace(sc.Text())
			if name == "" || name[0] == '#' {
				continue
			}
			n++
			op, mods := split(name)
			e, rest := Lookup(op, mods)
			if e == nil {
				t.Errorf("%s: %s has no entry", list, name)
				continue
			}
			for _, m := range rest {
				if !e.Knows(m) {
					t.Errorf("%s: %s resolves to %s, which does not know %s", list, name, e.Name, m)
				}
			}
		}
		f.Close()
		if n < 10 {
			t.Errorf("%s: only %d opcodes", list, n)
		}
	}
}

// Rows cited from the manual's syntax blocks (PTX ISA 9.3 sections) and the
// orders compilers emit. Gets checks Match.Get per group ("cmp=.lt").
func TestMatchModifiers(t *testing.T) {
	tests := []struct {
		ins  string
		ok   bool
		typ  string // Match.Type()
		gets string // "group=value ..." checked with Match.Get
	}{
		// 9.7.1 integer
		{"add.s32", true, ".s32", ""},
		{"add.rn.s32", false, "", ""},
		{"add.sat.s32", true, ".s32", ""},
		{"add.sat.u64", false, "", ""},
		{"add.cc.u32", true, ".u32", ""},
		{"add.cc.s64", true, ".s64", ""},
		{"add.u16x2", true, ".u16x2", ""},
		{"add.f32.rn", true, ".f32", "rnd=.rn"}, // a set (issue 9)
		{"add.rn.f32.rn", false, "", ""},        // duplicate
		{"add.rn.rz.f32", false, "", ""},        // conflict
		{"add.ftz.rn.sat.f32", true, ".f32", "rnd=.rn"},
		{"add.rz.ftz.sat.f32", true, ".f32", "rnd=.rz"},
		{"add.rn.bf16x2", true, ".bf16x2", "rnd=.rn"},
		{"add.rz.bf16", false, "", ""},
		{"add.rn.sat.f32.f16", true, ".f16", "rnd=.rn"},
		{"sub.sat.s32", true, ".s32", ""},
		{"mul.wide.u32", true, ".u32", "hilo="},
		{"mul.wide.s32", true, ".s32", ""},
		{"mul.wide.u64", false, "", ""},
		{"mul.u32", false, "", ""},
		{"mul.hi.s64", true, ".s64", "hilo=.hi"},
		{"mul24.lo.u32", true, ".u32", "hilo=.lo"},
		{"mad.lo.s32", true, ".s32", "hilo=.lo"},
		{"mad.wide.u16", true, ".u16", ""},
		{"mad.hi.sat.s32", true, ".s32", "hilo=.hi"},
		{"mad.lo.sat.s32", false, "", ""},
		{"mad.lo.cc.u32", true, ".u32", ""},
		{"mad.cc.lo.u32", true, ".u32", "hilo=.lo"}, // a set
		{"madc.hi.cc.u64", true, ".u64", "hilo=.hi"},
		{"addc.cc.s32", true, ".s32", ""},
		{"div.s32", true, ".s32", ""},
		{"div.rn.f32", true, ".f32", "rnd=.rn"},
		{"div.full.f32", true, ".f32", ""},
		{"div.approx.ftz.f32", true, ".f32", ""},
		{"div.full.f64", false, "", ""},
		{"rem.u64", true, ".u64", ""},
		{"abs.u32", false, "", ""},
		{"neg.ftz.f32", true, ".f32", ""},
		{"min.s32", true, ".s32", ""},
		{"min.relu.s32", true, ".s32", ""},
		{"min.relu.u32", false, "", ""},
		{"max.NaN.f32", true, ".f32", ""},
		{"max.ftz.NaN.xorsign.abs.f32", true, ".f32", ""},
		{"max.xorsign.f32", false, "", ""},
		{"popc.b64", true, ".b64", ""},
		{"popc.u32", false, "", ""},
		{"bfind.shiftamt.s64", true, ".s64", ""},
		{"bfe.u32", true, ".u32", ""},
		{"bfe.b32", false, "", ""},
		{"bfi.b64", true, ".b64", ""},
		{"dp4a.s32.u32", true, ".u32", "dpa=.s32 dpb=.u32"},
		{"dp2a.lo.u32.s32", true, ".s32", "hilo=.lo"},
		{"szext.clamp.s32", true, ".s32", "szmode=.clamp"},

		// 9.7.3 floating point
		{"fma.rn.f32", true, ".f32", "rnd=.rn"},
		{"fma.f32", false, "", ""},
		{"fma.rn.ftz.relu.f16x2", true, ".f16x2", ""},
		{"fma.rz.f16", false, "", ""},
		{"fma.rn.oob.relu.bf16", true, ".bf16", ""},
		{"ex2.approx.ftz.f32", true, ".f32", ""},
		{"ex2.approx.f16x2", true, ".f16x2", ""},
		{"ex2.approx.ftz.bf16", true, ".bf16", ""},
		{"rcp.approx.f32.ftz", true, ".f32", ""},
		{"rcp.approx.ftz.f64", true, ".f64", ""},
		{"rcp.rn.f64", true, ".f64", "rnd=.rn"},
		{"sqrt.rn.ftz.f32", true, ".f32", ""},
		{"rsqrt.approx.ftz.f64", true, ".f64", ""},
		{"sin.approx.ftz.f32", true, ".f32", ""},
		{"sin.approx.f64", false, "", ""},
		{"tanh.approx.f32", true, ".f32", ""},
		{"testp.notanumber.f64", true, ".f64", "fprop=.notanumber"},
		{"testp.finite.s32", false, "", ""},
		{"copysign.f32", true, ".f32", ""},

		// 9.7.6 comparison and selection
		{"setp.lt.s32", true, ".s32", "cmp=.lt"},
		{"setp.lt.and.f32", true, ".f32", "cmp=.lt bop=.and"},
		{"setp.geu.ftz.f32", true, ".f32", "cmp=.geu"},
		{"setp.lo.f32", false, "", ""},
		{"setp.equ.s32", false, "", ""},
		{"setp.hs.u64", true, ".u64", "cmp=.hs"},
		{"setp.ne.b16", true, ".b16", "cmp=.ne"},
		// ISA 3.1 §8.3.1.1, Table 18: "The bit-size comparisons are eq and
		// ne; ordering comparisons are not defined for bit-size types";
		// lo, ls, hi, hs are the unsigned operators; §8.3.1.2: equ ... nan
		// are floating-point; setp "Modifier .ftz applies only to .f32
		// comparisons" (and the half types of 9.7.7).
		{"setp.eq.b32", true, ".b32", "cmp=.eq"},
		{"setp.ne.and.b64", true, ".b64", "cmp=.ne bop=.and"},
		{"setp.lt.b32", false, "", ""},
		{"setp.le.b16", false, "", ""},
		{"setp.gt.b64", false, "", ""},
		{"setp.ge.or.b32", false, "", ""},
		{"setp.lo.b32", false, "", ""},
		{"setp.ls.b32", false, "", ""},
		{"setp.hi.b32", false, "", ""},
		{"setp.hs.b64", false, "", ""},
		{"setp.ltu.b32", false, "", ""},
		{"setp.num.b32", false, "", ""},
		{"setp.lo.u16", true, ".u16", "cmp=.lo"},
		{"setp.lt.u32", true, ".u32", "cmp=.lt"},
		{"setp.lo.s32", false, "", ""},
		{"setp.hs.s64", false, "", ""},
		{"setp.ge.s16", true, ".s16", "cmp=.ge"},
		{"setp.nan.u32", false, "", ""},
		{"setp.eq.ftz.s32", false, "", ""},
		{"setp.eq.ftz.f64", false, "", ""},
		{"setp.num.ftz.f32", true, ".f32", "cmp=.num"},
		{"set.lt.u32.b32", false, "", ""},
		{"set.eq.f32.b64", true, ".b64", "cmp=.eq dtype=.f32"},
		{"set.hi.s32.u16", true, ".u16", "cmp=.hi dtype=.s32"},
		{"set.hi.s32.s16", false, "", ""},
		{"set.lt.f16.b32", false, "", ""},
		{"set.eq.f16.b32", true, ".b32", "cmp=.eq"},
		{"set.lt.ftz.f16.s32", false, "", ""},
		{"set.ltu.bf16.f32", true, ".f32", "cmp=.ltu"},
		{"setp.eq.f16", true, ".f16", "cmp=.eq"},
		{"setp.lt.bf16x2", true, ".bf16x2", ""},
		{"set.ne.u32.s32", true, ".s32", "cmp=.ne dtype=.u32"},
		{"set.lt.f32.f32", true, ".f32", "dtype=.f32"},
		{"set.gtu.or.ftz.s32.f32", true, ".f32", "cmp=.gtu bop=.or dtype=.s32"},
		{"selp.b32", true, ".b32", ""},
		{"selp.pred", false, "", ""},
		{"slct.ftz.s32.f32", true, ".f32", "selty=.s32"},

		// 9.7.8 logic and shift
		{"and.pred", true, ".pred", ""},
		{"xor.b64", true, ".b64", ""},
		{"not.u32", false, "", ""},
		{"lop3.b32", true, ".b32", ""},
		{"lop3.or.b32", true, ".b32", "bop=.or"},
		{"lop3.xor.b32", false, "", ""},
		{"shf.l.wrap.b32", true, ".b32", "shfdir=.l shfmode=.wrap"},
		{"shf.wrap.l.b32", true, ".b32", "shfdir=.l shfmode=.wrap"}, // modifiers are a set (issue 9)
		{"shl.b64", true, ".b64", ""},
		{"shl.s32", false, "", ""},
		{"shr.s32", true, ".s32", ""},

		// 9.7.9 data movement and conversion
		{"mov.u32", true, ".u32", ""},
		{"mov.pred", true, ".pred", ""},
		{"mov.b64", true, ".b64", ""},
		{"mov.v4.f32", true, ".f32", ""},
		{"shfl.sync.bfly.b32", true, ".b32", "shflmode=.bfly"},
		{"shfl.bfly.sync.b32", false, "", ""},
		{"shfl.up.b32", true, ".b32", "shflmode=.up"},
		{"prmt.b32", true, ".b32", ""},
		{"prmt.b32.f4e", true, ".b32", "prmtmode=.f4e"},
		{"prmt.f4e.b32", true, ".b32", "prmtmode=.f4e"}, // a set
		{"ld.param.u64", true, ".u64", "ss=.param"},
		{"ld.u64", true, ".u64", "ss="},
		{"ld.global.nc.v4.f32", true, ".f32", "ss=.global vec=.v4"},
		// ISA 3.1 ld.global.nc: ".cop = { .ca, .cg, .cs }".
		{"ld.global.cg.nc.u32", true, ".u32", "ss=.global"},
		{"ld.global.cs.nc.v2.f32", true, ".f32", "vec=.v2"},
		{"ld.global.cv.nc.u32", false, "", ""},
		{"ld.global.lu.nc.u32", false, "", ""},
		{"ld.global.cv.u32", true, ".u32", ""},
		{"ld.global.nc.L1::no_allocate.v2.u32", true, ".u32", "ss=.global vec=.v2"},
		{"ld.global.ca.f32", true, ".f32", "cop=.ca"},
		{"ld.volatile.shared.u32", true, ".u32", "sem=.volatile ss=.shared"},
		{"ld.shared.volatile.u32", true, ".u32", "sem=.volatile ss=.shared"}, // a set
		{"ld.relaxed.gpu.global.u32", true, ".u32", "sem=.relaxed scope=.gpu ss=.global"},
		{"ld.acquire.global.u32", false, "", ""},
		{"ld.global.L2::128B.b32", true, ".b32", ""},
		{"ld.v4.global.f32", true, ".f32", "vec=.v4 ss=.global"}, // a set
		{"ld.global.v4", false, "", ""},
		{"ld.shared::cta.b128", true, ".b128", "ss=.shared::cta"},
		{"ldu.global.v2.f64", true, ".f64", "vec=.v2"},
		{"st.global.v2.f32", true, ".f32", "ss=.global vec=.v2"},
		{"st.param.b64", true, ".b64", "ss=.param"},
		{"st.const.u32", false, "", ""},
		{"st.global.wb.u8", true, ".u8", "cop=.wb"},
		{"st.global.ca.u32", false, "", ""},
		{"st.release.sys.global.u32", true, ".u32", "sem=.release scope=.sys"},
		{"prefetch.global.L2", true, "", ""},
		{"prefetch.global.L2::evict_last", true, "", ""},
		{"isspacep.shared::cluster", true, "", "ss=.shared::cluster"},
		{"cvta.global.u64", true, ".u64", "ss=.global"},
		{"cvta.to.global.u64", true, ".u64", "ss=.global"},
		{"cvta.to.shared.u32", true, ".u32", "ss=.shared"},
		{"cvt.rn.f32.s32", true, ".s32", "rnd=.rn dtype=.f32 atype=.s32"},
		{"cvt.u64.u32", true, ".u32", "dtype=.u64 atype=.u32"},
		{"cvt.rzi.s32.f32", true, ".f32", "irnd=.rzi dtype=.s32 atype=.f32"},
		{"cvt.rni.f64.f64", true, ".f64", "irnd=.rni"},
		{"cvt.sat.f32.f32", true, ".f32", ""},
		{"cvt.rn.ftz.sat.f16.f32", true, ".f32", "rnd=.rn"},
		{"cvt.rn.bf16.f32", true, ".f32", "dtype=.bf16"},
		{"cvt.rn.relu.f16.f32", true, ".f32", ""},
		{"cvt.rn.f16x2.f32", true, ".f32", ""},
		{"cvt.rna.tf32.f32", true, ".f32", "rnd=.rna"},
		{"cvt.rn.satfinite.e4m3x2.f32", true, ".f32", ""},
		{"cvt.rn.e4m3x2.f32", false, "", ""},
		{"cvt.f32.rn.s32", true, ".s32", "rnd=.rn dtype=.f32 atype=.s32"}, // a set, but types keep their order:
		{"cvt.s32.rni.f32", true, ".f32", "irnd=.rni dtype=.s32 atype=.f32"},
		{"cvt.f32.s32.rn", true, ".s32", "rnd=.rn dtype=.f32 atype=.s32"},
		{"cvt.rn.rn.f32.s32", false, "", ""}, // duplicate
		{"cvt.rn.rz.f32.s32", false, "", ""}, // conflicting roundings
		{"cvt.rn.b32.f32", false, "", ""},
		{"cvt.pack.sat.u8.s32.b32", true, ".b32", ""},

		// 9.7.11-12 texture and surface
		{"tex.3d.v4.u32.f32", true, ".f32", "geom=.3d vec=.v4"},
		{"tex.level.2d.v4.f32.f32", true, ".f32", ""},
		{"tex.3d.v2.u32.f32", false, "", ""},
		{"tld4.r.2d.v4.f32.f32", true, ".f32", ""},
		{"txq.width.b32", true, ".b32", ""},
		{"suld.b.2d.v2.b32.trap", true, ".b32", ""},
		{"sust.b.a1d.b16.zero", true, ".b16", ""},

		// 9.7.13 control flow
		{"bra", true, "", ""},
		{"bra.uni", true, "", ""},
		{"bra.sync", false, "", ""},
		{"call.uni", true, "", ""},
		{"ret", true, "", ""},
		{"exit", true, "", ""},
		{"brx.idx.uni", true, "", ""},

		// 9.7.14 synchronization and communication
		{"bar.sync", true, "", ""},
		{"bar.cta.sync", true, "", ""},
		{"bar.arrive", true, "", ""},
		{"bar.red.popc.u32", true, ".u32", ""},
		{"bar.red.or.pred", true, ".pred", "bop=.or"},
		{"bar.red.xor.pred", false, "", ""},
		{"barrier.sync.aligned", true, "", ""},
		{"bar.warp.sync", true, "", ""},
		{"barrier.cluster.arrive.release.aligned", true, "", ""},
		{"membar.gl", true, "", "scope=.gl"},
		{"membar.cluster", false, "", ""},
		{"fence.sc.gpu", true, "", "sem=.sc scope=.gpu"},
		{"fence.acq_rel.cluster", true, "", ""},
		{"fence.proxy.async", true, "", ""},
		{"fence.proxy.async.shared::cta", true, "", ""},
		{"fence.proxy.tensormap::generic.release.gpu", true, "", ""},
		{"atom.global.add.f32", true, ".f32", "ss=.global op=.add"},
		{"atom.shared.add.u32", true, ".u32", "ss=.shared"},
		{"atom.global.cas.b32", true, ".b32", "op=.cas"},
		{"atom.global.cas.f32", false, "", ""},
		{"atom.global.inc.u32", true, ".u32", "op=.inc"},
		{"atom.global.inc.s32", false, "", ""},
		{"atom.global.max.s64", true, ".s64", "op=.max"},
		{"atom.acq_rel.gpu.global.exch.b64", true, ".b64", "sem=.acq_rel scope=.gpu op=.exch"},
		{"atom.global.add.noftz.f16x2", true, ".f16x2", ""},
		{"atom.global.add.f64", true, ".f64", ""},
		{"atom.global.v4.f32.add", true, ".f32", "vec=.v4"}, // a set
		{"atom.global.add.v4.f32", true, ".f32", "vec=.v4"},
		{"atom.global.add.L2::cache_hint.u32", true, ".u32", ""},
		{"red.global.add.f32", true, ".f32", "op=.add"},
		{"red.global.exch.b32", false, "", ""},
		{"red.release.gpu.global.add.u64", true, ".u64", "sem=.release"},
		{"vote.any.pred", true, ".pred", "vmode=.any"},
		{"vote.ballot.b32", true, ".b32", ""},
		{"vote.ballot.pred", false, "", ""},
		{"vote.sync.ballot.b32", true, ".b32", ""},
		{"vote.sync.all.pred", true, ".pred", ""},
		{"match.any.sync.b64", true, ".b64", ""},
		{"match.all.sync.b32", true, ".b32", ""},
		{"match.sync.any.b32", true, ".b32", ""}, // a set
		{"activemask.b32", true, ".b32", ""},
		{"redux.sync.add.s32", true, ".s32", "op=.add"},
		{"redux.sync.xor.b32", true, ".b32", "op=.xor"},
		{"redux.sync.xor.u32", false, "", ""},
		{"redux.sync.min.abs.NaN.f32", true, ".f32", ""},
		{"elect.sync", true, "", ""},
		{"griddepcontrol.wait", true, "", ""},
		{"mbarrier.try_wait.parity.shared::cta.b64", true, ".b64", ""},
		{"mbarrier.arrive.expect_tx.shared.b64", true, ".b64", ""},
		{"cp.async.mbarrier.arrive.noinc.shared.b64", true, ".b64", ""},

		// 9.7.9.26 asynchronous copies
		{"cp.async.cg.shared.global", true, "", ""},
		{"cp.async.ca.shared.global.L2::128B", true, "", ""},
		{"cp.async.ca.global.shared", false, "", ""}, // spaces keep their order: destination, then source
		{"cp.async.shared.global.ca", true, "", ""},
		{"cp.async.commit_group", true, "", ""},
		{"cp.async.wait_group", true, "", ""},
		{"cp.async.wait_all", true, "", ""},
		{"cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes", true, "", ""},
		{"cp.async.bulk.global.shared::cta.bulk_group", true, "", ""},
		{"cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes", true, "", ""},
		{"cp.async.bulk.tensor.1d.global.shared::cta.bulk_group", true, "", ""},
		{"cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.tile.bulk_group", true, "", ""},
		{"cp.async.bulk.prefetch.tensor.5d.L2.global.im2col", true, "", ""},
		{"cp.async.bulk.wait_group.read", true, "", ""},

		// 9.7.15-17 matrix instructions
		{"wmma.load.a.sync.aligned.row.m16n16k16.f16", true, ".f16", ""},
		{"wmma.load.b.sync.aligned.col.m16n16k16.global.f16", true, ".f16", ""},
		{"wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32", true, ".f32", ""},
		{"wmma.store.d.sync.aligned.row.m16n16k16.global.f32", true, ".f32", ""},
		{"mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", true, ".f32", ""},
		{"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", true, ".f32", ""},
		{"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", true, ".f32", ""},
		{"mma.sync.aligned.m16n8k16.col.row.f32.f16.f16.f32", false, "", ""}, // layouts keep their order
		{"mma.sync.aligned.row.col.m16n8k16.f32.f16.f16.f32", true, ".f32", ""},
		{"mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f32", true, ".f32", ""},
		{"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f16", true, ".f16", ""}, // D, A, B, C in order: C is .f16 here
		{"mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32", true, ".s32", ""},
		{"mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32", true, ".f32", ""},
		{"mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32", true, ".f32", ""},
		{"ldmatrix.sync.aligned.m8n8.x4.shared.b16", true, ".b16", ""},
		{"ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", true, ".b16", ""},
		{"ldmatrix.sync.aligned.x4.m8n8.shared.b16", true, ".b16", ""}, // a set (issue 9)
		{"ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16", true, ".b16", ""},
		{"ldmatrix.sync.aligned.m8n8.x4.x4.shared.b16", false, "", ""}, // duplicate
		{"ldmatrix.sync.aligned.m8n8.x4.x2.shared.b16", false, "", ""}, // conflict
		{"stmatrix.sync.aligned.m8n8.x2.trans.shared.b16", true, ".b16", ""},
		{"movmatrix.sync.aligned.m8n8.trans.b16", true, ".b16", ""},
		{"wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16", true, ".bf16", ""},
		{"wgmma.mma_async.sync.aligned.m64n16k32.f32.e5m2.e5m2", true, ".e5m2", ""},
		{"wgmma.mma_async.sync.aligned.m64n256k16.f16.f16.f16", true, ".f16", ""},
		{"wgmma.mma_async.sync.aligned.m64n12k16.f32.f16.f16", false, "", ""},
		{"wgmma.mma_async.sync.aligned.m64n40k32.s32.s8.s8", false, "", ""},
		{"wgmma.fence.sync.aligned", true, "", ""},
		{"wgmma.wait_group.sync.aligned", true, "", ""},
		{"tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32", true, ".b32", ""},
		{"tcgen05.mma.cta_group::1.kind::f16", true, "", ""},
		{"tcgen05.mma.cta_group::2.kind::mxf4.block_scale.scale_vec::2X", true, "", ""},
		{"tcgen05.mma.ws.cta_group::1.kind::tf32.collector::b0::fill", true, "", ""},
		{"tcgen05.ld.sync.aligned.32x32b.x8.b32", true, ".b32", ""},
		{"tcgen05.st.sync.aligned.16x32bx2.x2.unpack::16b.b32", true, ".b32", ""},
		{"tcgen05.wait::ld.sync.aligned", true, "", ""},
		{"tcgen05.fence::after_thread_sync", true, "", ""},
		{"tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64", true, ".b64", ""},

		// 9.7.18-20 stack, video, miscellaneous
		{"alloca.u64", true, ".u64", ""},
		{"stacksave.u32", true, ".u32", ""},
		{"vadd.s32.s32.s32.sat", true, ".s32", ""},
		{"vadd.s32.s32.s32.sat.add", true, ".s32", "vop2=.add"},
		{"vadd4.u32.u32.u32.add", true, ".u32", "vop2=.add"},
		{"vset2.u32.u32.ne", true, ".u32", "vcmp=.ne"},
		{"vmad.s32.s32.s32.po.shr15", true, ".s32", ""},
		{"nanosleep.u32", true, ".u32", ""},
		{"pmevent.mask", true, "", ""},
		{"setmaxnreg.inc.sync.aligned.u32", true, ".u32", "action=.inc"},
		{"setmaxnreg.sync.aligned.inc.u32", true, ".u32", "action=.inc"},
		{"trap", true, "", ""},
		{"brkpt", true, "", ""},
	}
	for _, tt := range tests {
		e, m := match(t, tt.ins)
		if e == nil {
			t.Errorf("%s: no entry", tt.ins)
			continue
		}
		if (m != nil) != tt.ok {
			t.Errorf("%s: matched %v, want %v", tt.ins, m != nil, tt.ok)
			continue
		}
		if m == nil {
			continue
		}
		if got := m.Type(); got != tt.typ {
			t.Errorf("%s: Type() = %q, want %q", tt.ins, got, tt.typ)
		}
		for _, kv := range strings.Fields(tt.gets) {
			g, want, _ := strings.Cut(kv, "=")
			if got := m.Get(g); got != want {
				t.Errorf("%s: Get(%q) = %q, want %q", tt.ins, g, got, want)
			}
		}
	}
}

// TestGates checks the PTX version and target of the form an instruction
// matches (ISA "PTX ISA Notes" and "Target ISA Notes").
func TestGates(t *testing.T) {
	tests := []struct {
		ins string
		ptx Version
		sm  int
	}{
		{"add.s32", 10, 0},
		{"add.f64", 10, 13},
		{"add.rn.f16", 42, 53},
		{"add.f16x2", 42, 53},
		{"add.bf16", 78, 90},
		{"add.u16x2", 80, 90},
		{"add.sat.u32", 92, 120},
		{"fma.rn.bf16", 70, 80},
		{"fma.rn.f32", 20, 20},
		{"mad.rn.f32", 20, 20},
		{"lop3.b32", 43, 50},
		{"lop3.and.b32", 82, 70},
		{"dp4a.u32.u32", 50, 61},
		{"dp2a.hi.s32.s32", 50, 61},
		{"popc.b32", 20, 20},
		{"shf.r.clamp.b32", 31, 32},
		{"prmt.b32", 20, 20},
		{"shfl.bfly.b32", 30, 30},
		{"shfl.sync.idx.b32", 60, 30},
		{"ld.global.nc.f32", 31, 32},
		{"ld.relaxed.gpu.global.u32", 60, 70},
		{"ld.global.L1::evict_last.u32", 74, 70},
		{"mov.b128", 83, 70},
		{"cvt.rn.f16x2.f32", 70, 80},
		{"cvt.rn.satfinite.e4m3x2.f32", 78, 89},
		{"cvt.pack.sat.s16.s32", 65, 72},
		{"min.NaN.f32", 70, 80},
		{"min.xorsign.abs.f32", 72, 86},
		{"tanh.approx.f32", 70, 75},
		{"ex2.approx.f16", 70, 75},
		{"ex2.approx.ftz.bf16x2", 78, 90},
		{"redux.sync.add.u32", 70, 80},
		{"match.any.sync.b32", 60, 70},
		{"activemask.b32", 62, 30},
		{"nanosleep.u32", 63, 70},
		{"fence.sc.cta", 60, 70},
		{"fence.proxy.async", 80, 90},
		{"membar.sys", 20, 20},
		{"membar.gl", 14, 0},
		{"bar.warp.sync", 60, 30},
		{"bar.arrive", 20, 20},
		{"barrier.sync", 60, 70},
		{"vote.ballot.b32", 20, 20},
		{"vote.sync.any.pred", 60, 30},
		{"atom.global.add.f64", 50, 60},
		// ISA 3.1 add, sub, mul: ".rn, .rz available for all targets; .rm,
		// .rp ... for add.f32, requires sm_20"; rcp, sqrt, div: ".rn.f64
		// requires sm_13; .{rz,rm,rp}.f64 requires sm_20", general rounding
		// modifiers from PTX ISA 2.0.
		{"add.rz.f32", 10, 0},
		{"add.rm.f32", 10, 20},
		{"sub.rp.ftz.f32", 10, 20},
		{"mul.rn.f32", 10, 0},
		{"mul.rm.f32", 10, 20},
		{"add.rm.f64", 10, 13},
		{"rcp.rn.f64", 14, 13},
		{"rcp.rz.f64", 20, 20},
		{"sqrt.rn.f64", 14, 13},
		{"sqrt.rm.f64", 20, 20},
		{"div.rn.f64", 14, 13},
		{"div.rp.f64", 20, 20},
		// ISA 3.1 atom and red, "PTX ISA Notes" and "Target ISA Notes".
		{"atom.global.add.u32", 11, 0},
		{"atom.global.add.u64", 12, 12},
		{"atom.global.cas.b64", 12, 12},
		{"atom.global.exch.b64", 12, 12},
		{"atom.global.add.f32", 20, 20},
		{"atom.global.and.b64", 31, 35},
		{"atom.shared.max.s64", 31, 35},
		{"atom.global.min.u32", 11, 0},
		{"red.global.add.u32", 12, 0},
		{"red.global.add.f32", 20, 20},
		{"red.global.xor.b64", 31, 35},
		{"red.global.min.u64", 31, 35},
		{"atom.global.add.noftz.bf16", 78, 90},
		{"elect.sync", 80, 90},
		{"getctarank.shared::cluster.u32", 78, 90},
		{"setmaxnreg.dec.sync.aligned.u32", 80, 90},
		{"griddepcontrol.launch_dependents", 78, 90},
		{"cp.async.ca.shared.global", 70, 80},
		{"brx.idx", 60, 30},
		{"stacksave.u64", 73, 52},
		{"wmma.mma.sync.aligned.row.row.m16n16k16.f16.f16", 60, 70},
		{"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", 70, 80},
		{"ldmatrix.sync.aligned.m8n8.x1.b16", 65, 75},
		{"wgmma.fence.sync.aligned", 80, 90},
		{"tcgen05.wait::st.sync.aligned", 86, 100},
		{"vadd2.u32.u32.u32", 30, 30},
		{"vadd.u32.u32.u32", 20, 20},
	}
	for _, tt := range tests {
		_, m := match(t, tt.ins)
		if m == nil {
			t.Errorf("%s: no form matches", tt.ins)
			continue
		}
		if m.Form.PTX != tt.ptx || m.Form.SM != tt.sm {
			t.Errorf("%s: gate PTX %s sm_%d, want PTX %s sm_%d", tt.ins, m.Form.PTX, m.Form.SM, tt.ptx, tt.sm)
		}
	}
}

// TestOperands checks operand shapes of forms the checker and simulator
// rely on.
func TestOperands(t *testing.T) {
	kinds := func(f *Form) string {
		var s []string
		for _, o := range f.Operands {
			k := [...]string{"reg", "regonly", "imm", "addr", "vec", "label", "func", "list", "any", "pack", "frag", "handle", "sym"}[o.Kind]
			if o.Dest {
				k = "D" + k
			}
			if o.Pair {
				k += "|p"
			}
			if o.Optional {
				k += "?"
			}
			s = append(s, k)
		}
		return strings.Join(s, " ")
	}
	tests := []struct {
		ins  string
		want []string // the kinds of every form MatchAll returns, in order
	}{
		{"mov.b64", []string{"Dreg reg", "Dreg sym", "Dpack reg", "Dreg pack"}},
		{"mov.v2.u32", []string{"Dvec vec"}},
		{"ld.global.v4.f32", []string{"Dvec addr", "Dvec addr reg?"}},
		{"st.global.f32", []string{"addr vec", "addr vec reg?"}},
		{"shfl.sync.bfly.b32", []string{"Dreg|p reg reg reg reg"}},
		{"setp.lt.s32", []string{"Dreg|p reg reg"}},
		{"setp.lt.and.s32", []string{"Dreg|p reg reg reg"}},
		{"lop3.or.b32", []string{"Dreg|p reg reg reg imm reg"}},
		{"bra.uni", []string{"label"}},
		{"call.uni", []string{"Dlist func list", "Dlist func", "func list", "func", "Dlist regonly list label", "Dlist regonly label", "regonly list label", "regonly label"}},
		{"tex.2d.v4.f32.f32", []string{"Dvec|p handle frag? reg?"}},
		{"atom.global.cas.b32", []string{"Dreg addr reg reg"}},
		{"bar.red.popc.u32", []string{"Dreg reg reg", "Dreg reg reg reg"}},
		{"wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32", []string{"Dfrag frag frag frag"}},
		{"cvt.rn.f16x2.f32", []string{"Dreg reg reg"}},
	}
	for _, tt := range tests {
		op, mods := split(tt.ins)
		e, rest := Lookup(op, mods)
		if e == nil {
			t.Errorf("%s: no entry", tt.ins)
			continue
		}
		var got []string
		for _, m := range e.MatchAll(rest) {
			got = append(got, kinds(m.Form))
		}
		if strings.Join(got, "; ") != strings.Join(tt.want, "; ") {
			t.Errorf("%s: forms\n got %q\nwant %q", tt.ins, got, tt.want)
		}
	}
	// Operand types under a match: mul.wide writes twice the width; cvt
	// reads its source type and writes its destination type.
	for _, tt := range []struct {
		ins  string
		want []string
	}{
		{"mul.wide.s32", []string{".s64", ".s32", ".s32"}},
		{"mad.wide.u16", []string{".u32", ".u16", ".u16", ".u32"}},
		{"cvt.rzi.s32.f64", []string{".s32", ".f64"}},
		{"setp.ne.u64", []string{".pred", ".u64", ".u64"}},
		{"selp.f32", []string{".f32", ".f32", ".f32", ".pred"}},
		{"shl.b64", []string{".b64", ".b64", ".u32"}},
		{"popc.b64", []string{".u32", ".b64"}},
		{"set.lt.u32.f64", []string{".u32", ".f64", ".f64"}},
		{"tex.3d.v4.u32.f32", []string{".u32", ".f32", ".f32"}}, // the handle gets the instruction type; the checker reads Kind
	} {
		_, m := match(t, tt.ins)
		if m == nil {
			t.Errorf("%s: no match", tt.ins)
			continue
		}
		var got []string
		for i := range m.Form.Operands[:len(tt.want)] {
			got = append(got, m.OperandType(&m.Form.Operands[i]))
		}
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("%s: operand types %q, want %q", tt.ins, got, tt.want)
		}
	}
}

// TestLookup checks that the longest dotted name wins.
func TestLookup(t *testing.T) {
	for _, tt := range []struct{ ins, entry, rest string }{
		{"ld.global.nc.f32", "ld", ".global.nc.f32"},
		{"bar.warp.sync", "bar.warp.sync", ""},
		{"bar.sync", "bar", ".sync"},
		{"barrier.cluster.wait", "barrier.cluster", ".wait"},
		{"shfl.sync.up.b32", "shfl.sync", ".up.b32"},
		{"vote.sync.any.pred", "vote.sync", ".any.pred"},
		{"cvt.pack.sat.u16.s32", "cvt.pack", ".sat.u16.s32"},
		{"cvt.rn.f32.u32", "cvt", ".rn.f32.u32"},
		{"cvta.to.global.u64", "cvta", ".to.global.u64"},
		{"cp.async.bulk.tensor.2d.global.shared::cta.bulk_group", "cp.async.bulk.tensor", ".2d.global.shared::cta.bulk_group"},
		{"cp.async.bulk.prefetch.tensor.1d.L2.global", "cp.async.bulk.prefetch.tensor", ".1d.L2.global"},
		{"cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32", "cp.reduce.async.bulk", ".global.shared::cta.bulk_group.add.u32"},
		{"cp.async.mbarrier.arrive.b64", "cp.async.mbarrier.arrive", ".b64"},
		{"multimem.cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32", "multimem.cp.reduce.async.bulk", ".global.shared::cta.bulk_group.add.u32"},
		{"mbarrier.arrive.expect_tx.b64", "mbarrier.arrive", ".expect_tx.b64"},
		{"mma.sp::ordered_metadata.sync.aligned", "mma.sp::ordered_metadata", ".sync.aligned"},
		{"tcgen05.mma.ws.sp.cta_group::1", "tcgen05.mma.ws.sp", ".cta_group::1"},
		{"tcgen05.fence::before_thread_sync", "tcgen05.fence::before_thread_sync", ""},
		{"wgmma.mma_async.sp.sync", "wgmma.mma_async.sp", ".sync"},
		{"st.async.b32", "st.async", ".b32"},
		{"red.async.relaxed", "red.async", ".relaxed"},
		{"match.any.sync.b32", "match", ".any.sync.b32"},
	} {
		op, mods := split(tt.ins)
		e, rest := Lookup(op, mods)
		if e == nil || e.Name != tt.entry || strings.Join(rest, "") != tt.rest {
			name := "<nil>"
			if e != nil {
				name = e.Name
			}
			t.Errorf("Lookup(%s) = %s %q, want %s %q", tt.ins, name, strings.Join(rest, ""), tt.entry, tt.rest)
		}
	}
	if e, _ := Lookup("frobnicate", nil); e != nil {
		t.Errorf("Lookup(frobnicate) = %s, want nil", e.Name)
	}
}

// TestRows checks every entry's documentation and flags.
func TestRows(t *testing.T) {
	if len(All) < 150 {
		t.Errorf("%d entries, want every PTX opcode", len(All))
	}
	for _, e := range All {
		if e.Doc == "" || strings.ContainsAny(e.Doc, "\n") || !strings.HasSuffix(e.Doc, ".") {
			t.Errorf("%s: Doc %q: want one sentence", e.Name, e.Doc)
		}
		if e.Section == "" || !strings.HasPrefix(e.Section, "9.7.") {
			t.Errorf("%s: Section %q", e.Name, e.Section)
		}
		if len(e.Forms()) == 0 {
			t.Errorf("%s: no forms", e.Name)
		}
		if e.PTX == 0 {
			t.Errorf("%s: no minimum PTX version", e.Name)
		}
		for _, f := range e.Forms() {
			if f.PTX < e.PTX || f.SM < e.SM {
				t.Errorf("%s: form %s below the entry's gates", e.Name, f.Text)
			}
		}
	}
	relaxed := map[string]bool{"ld": true, "ldu": true, "st": true, "cvt": true}
	for _, e := range All {
		if e.Relaxed != relaxed[e.Name] {
			t.Errorf("%s: Relaxed = %v", e.Name, e.Relaxed)
		}
	}
	// Entries the simulator must run (not NoExec), and some it must not.
	for _, n := range []string{"add", "mad", "fma", "setp", "selp", "lop3", "prmt", "mov", "shfl.sync", "ld", "st", "cvt", "cvta",
		"atom", "red", "bar", "bar.warp.sync", "membar", "fence", "vote", "vote.sync", "match", "redux.sync", "activemask",
		"elect.sync", "call", "ret", "exit", "bra", "brx.idx", "trap", "nanosleep", "dp4a", "bfe", "bfi", "shf", "cvt.pack", "vadd", "vset4", "vmad", "vadd2", "mma", "ldmatrix", "stmatrix", "movmatrix", "cp.async", "cp.async.commit_group", "cp.async.wait_group", "cp.async.wait_all", "wmma.load", "wmma.store", "wmma.mma", "wgmma.mma_async", "wgmma.fence", "wgmma.commit_group", "wgmma.wait_group",
		"mapa", "getctarank", "barrier.cluster", "setmaxnreg",
		"mbarrier.init", "mbarrier.inval", "mbarrier.arrive", "mbarrier.arrive_drop", "mbarrier.expect_tx", "mbarrier.complete_tx",
		"mbarrier.test_wait", "mbarrier.try_wait", "mbarrier.pending_count", "cp.async.mbarrier.arrive",
		"cp.async.bulk", "cp.reduce.async.bulk", "cp.async.bulk.prefetch", "cp.async.bulk.commit_group", "cp.async.bulk.wait_group",
		"cp.async.bulk.tensor", "cp.reduce.async.bulk.tensor", "cp.async.bulk.prefetch.tensor"} {
		if e := Get(n); e == nil || e.NoExec != "" {
			t.Errorf("%s: missing or NoExec", n)
		}
	}
	for _, n := range []string{"tcgen05.alloc", "tcgen05.dealloc", "tcgen05.relinquish_alloc_permit", "tcgen05.ld", "tcgen05.st",
		"tcgen05.wait::ld", "tcgen05.wait::st", "tcgen05.mma", "tcgen05.commit", "tcgen05.fence::before_thread_sync", "tcgen05.fence::after_thread_sync",
		"tcgen05.cp", "tcgen05.shift", "tcgen05.mma.ws"} {
		if e := Get(n); e == nil || e.NoExec != "" {
			t.Errorf("%s: missing or NoExec", n)
		}
	}
	for _, n := range []string{"tex", "suld", "wgmma.mma_async.sp",
		"tcgen05.mma.ws.sp", "multimem.ld_reduce"} {
		if e := Get(n); e == nil || e.NoExec == "" {
			t.Errorf("%s: missing or executable", n)
		}
	}
}

func TestHover(t *testing.T) {
	h := Hover("lop3")
	for _, want := range []string{"lop3 — ", "§9.7.8.6", "lop3.b32 d, a, b, c, immLut", "lop3.bop_ao.b32 d|p, a, b, c, immLut, q", "PTX 8.2 sm_70", "PTX ISA 4.3, sm_50"} {
		if !strings.Contains(h, want) {
			t.Errorf("Hover(lop3) lacks %q:\n%s", want, h)
		}
	}
	if h := Hover("wgmma.mma_async.sp"); !strings.Contains(h, "Not simulated") {
		t.Errorf("Hover(wgmma.mma_async.sp) lacks the NoExec reason:\n%s", h)
	}
	if Hover("nope") != "" {
		t.Errorf("Hover(nope) not empty")
	}
}
