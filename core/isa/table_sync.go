// table_sync.go: parallel synchronization and communication instructions
// (ISA 9.7.14): barriers, fences, atomics and reductions, warp votes,
// matches and reductions, and the mbarrier objects.

package isa

const (
	noAsyncRed = "no model of asynchronous reductions"
	noCLC      = "no model of cluster launch control"
)

var atomGroups = []Group{{"mmty64", []string{".u64", ".s64"}}, {"htype_x2", []string{".f16x2", ".bf16x2"}}}

var syncTable = []Entry{
	{Name: "bar", Section: "9.7.14.1", Doc: "CTA barrier: .sync waits for the threads (all, or b) at barrier a; .arrive only signals; .red also reduces a predicate (.popc, .and, .or).", PTX: 10, Syntax: []string{
		"bar{.cta}.sync a:.u32, b:.u32?",
		"bar{.cta}.arrive a:.u32, b:.u32 @ptx2.0 @sm_20",
		"bar{.cta}.red.popc.u32 d, a:.u32, c:.pred @ptx2.0 @sm_20",
		"bar{.cta}.red.popc.u32 d, a:.u32, b:.u32, c:.pred @ptx2.0 @sm_20",
		"bar{.cta}.red.bop_ao.pred p:.pred, a:.u32, c:.pred @ptx2.0 @sm_20",
		"bar{.cta}.red.bop_ao.pred p:.pred, a:.u32, b:.u32, c:.pred @ptx2.0 @sm_20",
	}},
	{Name: "barrier", Section: "9.7.14.1", Doc: "CTA barrier as bar, for non-uniform use; .aligned says all threads of a warp execute it together (barrier.sync.aligned is bar.sync).", PTX: 60, SM: 70, Syntax: []string{
		"barrier{.cta}.sync{.aligned} a:.u32, b:.u32?",
		"barrier{.cta}.arrive{.aligned} a:.u32, b:.u32",
		"barrier{.cta}.red.popc{.aligned}.u32 d, a:.u32, c:.pred",
		"barrier{.cta}.red.popc{.aligned}.u32 d, a:.u32, b:.u32, c:.pred",
		"barrier{.cta}.red.bop_ao{.aligned}.pred p:.pred, a:.u32, c:.pred",
		"barrier{.cta}.red.bop_ao{.aligned}.pred p:.pred, a:.u32, b:.u32, c:.pred",
	}},
	{Name: "bar.warp.sync", Section: "9.7.14.2", Doc: "Wait until all lanes in membermask reach a bar.warp.sync.", PTX: 60, SM: 30, Syntax: []string{
		"bar.warp.sync membermask:.b32",
	}},
	{Name: "barrier.cluster", Section: "9.7.14.3", Doc: "Cluster barrier: .arrive marks the threads' arrival, .wait blocks until every non-exited thread of the cluster has arrived in the phase they arrived in; each thread arrives once a phase.", PTX: 78, SM: 90, Syntax: []string{
		"barrier.cluster.arrive{.sem_cl}{.aligned}",
		"barrier.cluster.wait{.sem_acq}{.aligned}",
	}, Groups: []Group{{"sem_cl", []string{".release", ".relaxed"}}}},
	{Name: "membar", Section: "9.7.14.4", Doc: "Memory barrier: order this thread's memory accesses at CTA (.cta), device (.gl) or system (.sys) level.", PTX: 14, Syntax: []string{
		"membar.scope_mb",
		"membar.sys @ptx2.0 @sm_20", // 3.1: "membar.sys introduced in PTX ISA version 2.0 ... requires sm_20"
		"membar.proxy.alias @ptx7.5 @sm_70",
	}, Groups: []Group{{"scope_mb", []string{".cta", ".gl"}}}},
	{Name: "fence", Section: "9.7.14.4", Doc: "Memory fence with a semantics (.sc, .acq_rel, ...) and a scope; fence.proxy orders accesses across memory proxies.", PTX: 60, SM: 70, Syntax: []string{
		"fence{.sem_fence}.scope",
		"fence.sem_acq.sync_restrict::shared::cluster.scope_cl @ptx8.6 @sm_90",
		"fence.sem_rel.sync_restrict::shared::cta.scope_cl @ptx8.6 @sm_90",
		"fence.mbarrier_init.sem_rel.scope_cl @ptx8.0 @sm_90",
		"fence.proxy.alias @ptx7.5",
		"fence.proxy.async{.pspace} @ptx8.0 @sm_90",
		"fence.proxy.tensormap::generic.sem_rel.scope @ptx8.3 @sm_90",
		"fence.proxy.tensormap::generic.sem_acq.scope [a], size:imm @ptx8.3 @sm_90",
		"fence.proxy.async::generic.sem_acq.sync_restrict::shared::cluster.scope_cl @ptx8.6 @sm_90",
		"fence.proxy.async::generic.sem_rel.sync_restrict::shared::cta.scope_cl @ptx8.6 @sm_90",
	}, Groups: []Group{{"pspace", []string{".global", ".shared::cta", ".shared::cluster"}}}},
	{Name: "atom", LaneLocal: true, Section: "9.7.14.5", Doc: "Atomic read-modify-write of global or shared memory; d gets the old value.", PTX: 11, Syntax: []string{
		// ISA 3.1 atom, "PTX ISA Notes" and "Target ISA Notes": 64-bit
		// add, cas and exch from PTX 1.2 (sm_12), .add.f32 from 2.0
		// (sm_20), 64-bit and, or, xor, min and max from 3.1 (sm_35).
		"atom{.sem_atom}{.scope}{.ss_atom}.op_bit{.hint}.b32 d, [a], b, policy:.b64?",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_bit{.hint}.b64 d, [a], b, policy:.b64? @ptx3.1 @sm_35",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_exch{.hint}.b32 d, [a], b, policy:.b64?",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_exch{.hint}.b64 d, [a], b, policy:.b64? @ptx1.2 @sm_12",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_add{.hint}.itype_32 d, [a], b, policy:.b64?",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_add{.hint}.u64 d, [a], b, policy:.b64? @ptx1.2 @sm_12",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_add{.hint}.f32 d, [a], b, policy:.b64? @ptx2.0 @sm_20",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_incdec{.hint}.u32 d, [a], b, policy:.b64?",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_minmax{.hint}.itype_32 d, [a], b, policy:.b64?",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_minmax{.hint}.mmty64 d, [a], b, policy:.b64? @ptx3.1 @sm_35",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_cas.b32 d, [a], b, c",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_cas.b64 d, [a], b, c @ptx1.2 @sm_12",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_add{.hint}.f64 d, [a], b, policy:.b64? @ptx5.0 @sm_60",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_cas.b16 d, [a], b, c @ptx6.3 @sm_70",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_cas.b128 d, [a], b, c @ptx8.3 @sm_90",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_exch{.hint}.b128 d, [a], b, policy:.b64? @ptx8.3 @sm_90",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_add.noftz{.hint}.f16 d, [a], b, policy:.b64? @ptx6.3 @sm_70",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_add.noftz{.hint}.f16x2 d, [a], b, policy:.b64? @ptx6.2 @sm_60",
		"atom{.sem_atom}{.scope}{.ss_atom}.op_add.noftz{.hint}.htype_bf d, [a], b, policy:.b64? @ptx7.8 @sm_90",
		"atom{.sem_atom}{.scope}{.ss_global}.op_add{.hint}.vec_24.f32 {d}, [a], {b}, policy:.b64? @ptx8.1 @sm_90",
		"atom{.sem_atom}{.scope}{.ss_global}.op_arith.noftz{.hint}.vec.htype_2 {d}, [a], {b}, policy:.b64? @ptx8.1 @sm_90",
		"atom{.sem_atom}{.scope}{.ss_global}.op_arith.noftz{.hint}.vec_24.htype_x2 {d}, [a], {b}, policy:.b64? @ptx8.1 @sm_90",
	}, Groups: atomGroups},
	{Name: "red", LaneLocal: true, Section: "9.7.14.6", Doc: "Atomic reduction into global or shared memory (atom without the result).", PTX: 12, Syntax: []string{
		// ISA 3.1 red: .add.f32 from PTX 2.0 (sm_20), 64-bit and, or, xor,
		// min and max from 3.1 (sm_35); red itself from 1.2.
		"red{.sem_st}{.scope}{.ss_atom}.op_bit{.hint}.b32 [a], b, policy:.b64?",
		"red{.sem_st}{.scope}{.ss_atom}.op_bit{.hint}.b64 [a], b, policy:.b64? @ptx3.1 @sm_35",
		"red{.sem_st}{.scope}{.ss_atom}.op_add{.hint}.itype_32 [a], b, policy:.b64?",
		"red{.sem_st}{.scope}{.ss_atom}.op_add{.hint}.u64 [a], b, policy:.b64? @sm_12",
		"red{.sem_st}{.scope}{.ss_atom}.op_add{.hint}.f32 [a], b, policy:.b64? @ptx2.0 @sm_20",
		"red{.sem_st}{.scope}{.ss_atom}.op_incdec{.hint}.u32 [a], b, policy:.b64?",
		"red{.sem_st}{.scope}{.ss_atom}.op_minmax{.hint}.itype_32 [a], b, policy:.b64?",
		"red{.sem_st}{.scope}{.ss_atom}.op_minmax{.hint}.mmty64 [a], b, policy:.b64? @ptx3.1 @sm_35",
		"red{.sem_st}{.scope}{.ss_atom}.op_add{.hint}.f64 [a], b, policy:.b64? @ptx5.0 @sm_60",
		"red{.sem_st}{.scope}{.ss_atom}.op_add.noftz{.hint}.f16 [a], b, policy:.b64? @ptx6.3 @sm_70",
		"red{.sem_st}{.scope}{.ss_atom}.op_add.noftz{.hint}.f16x2 [a], b, policy:.b64? @ptx6.2 @sm_60",
		"red{.sem_st}{.scope}{.ss_atom}.op_add.noftz{.hint}.htype_bf [a], b, policy:.b64? @ptx7.8 @sm_90",
		"red{.sem_st}{.scope}{.ss_global}.op_add{.hint}.vec_24.f32 [a], {b}, policy:.b64? @ptx8.1 @sm_90",
		"red{.sem_st}{.scope}{.ss_global}.op_arith.noftz{.hint}.vec.htype_2 [a], {b}, policy:.b64? @ptx8.1 @sm_90",
		"red{.sem_st}{.scope}{.ss_global}.op_arith.noftz{.hint}.vec_24.htype_x2 [a], {b}, policy:.b64? @ptx8.1 @sm_90",
	}, Groups: atomGroups},
	{Name: "red.async", Section: "9.7.14.7", Doc: "Asynchronous reduction into cluster shared memory, signalling an mbarrier; or an asynchronous release reduction into global memory.", PTX: 81, SM: 90, Syntax: []string{
		"red.async.sem_rlx.scope_cl{.ss_cluster}.complete_tx.op_red.ratype [a], b, [mbar]",
		"red.async{.mmio}.sem_rel.scope_rg{.ss_global}.op_add.ratype2 [a], b @ptx9.0 @sm_100",
	}, Groups: []Group{
		{"ratype", []string{".u32", ".s32", ".b32", ".u64"}}, {"ratype2", []string{".u32", ".s32", ".u64", ".s64"}},
		{"scope_rg", []string{".gpu", ".cluster"}},
	}},
	{Name: "multimem.red.async", Section: "9.7.14.8", Doc: "Asynchronous release reduction into every copy of a multimem address.", PTX: 91, SM: 90, Syntax: []string{
		"multimem.red.async.sem_rel.scope_gs{.ss_global}.op_red{.vec}.mmall [a], {b}",
	}, Groups: []Group{{"mmall", mmAllTypes}}, NoExec: noMultimem},
	{Name: "vote", Section: "9.7.14.9", Doc: "Deprecated warp vote (use vote.sync): .all, .any, .uni of a predicate, or .ballot of it into a mask.", PTX: 12, SM: 12, Syntax: []string{
		"vote.vmode.pred d:.pred, a:.pred",
		"vote.ballot.b32 d, a:.pred @ptx2.0 @sm_20",
	}, Groups: []Group{{"vmode", []string{".all", ".any", ".uni"}}}, Removed: Removal{PTX: 64, SM: 70, Use: "vote.sync"}},
	{Name: "vote.sync", Section: "9.7.14.10", Doc: "Warp vote among the lanes in membermask: .all, .any, .uni of a predicate, or .ballot of it into a mask.", PTX: 60, SM: 30, Syntax: []string{
		"vote.sync.vmode.pred d:.pred, a:.pred, membermask:.b32",
		"vote.sync.ballot.b32 d, a:.pred, membermask:.b32",
	}, Groups: []Group{{"vmode", []string{".all", ".any", ".uni"}}}},
	{Name: "match", Section: "9.7.14.11", Doc: "match.sync: the mask of lanes in membermask whose a equals this lane's (.any), or the full mask if all are equal (.all, with p).", PTX: 60, SM: 70, Syntax: []string{
		"match.any.sync.btype_3264 d:.b32, a, membermask:.b32",
		"match.all.sync.btype_3264 d|p:.b32, a, membermask:.b32",
	}},
	{Name: "activemask", Section: "9.7.14.12", Doc: "The mask of the lanes of the warp that are currently active.", PTX: 62, SM: 30, Syntax: []string{
		"activemask.b32 d",
	}},
	{Name: "redux.sync", Section: "9.7.14.13", Doc: "Reduce a value across the lanes in membermask (.add, .min, .max, .and, .or, .xor).", PTX: 70, SM: 80, Syntax: []string{
		"redux.sync.op_arith.itype_32 d, a, membermask:.b32",
		"redux.sync.op_bit.b32 d, a, membermask:.b32",
		"redux.sync.op_minmax{.abs}{.NaN}.f32 d, a, membermask:.b32 @ptx8.6 @sm_100",
	}},
	{Name: "griddepcontrol", Section: "9.7.14.14", Doc: "Programmatic dependent launch: .launch_dependents lets dependent grids start, .wait waits for the grids this one depends on.", PTX: 78, SM: 90, Syntax: []string{
		"griddepcontrol.gdaction",
	}, Groups: []Group{{"gdaction", []string{".launch_dependents", ".wait"}}}},
	{Name: "elect.sync", Section: "9.7.14.15", Doc: "Elect one leader lane among membermask: d gets its lane id, p is true in the leader.", PTX: 80, SM: 90, Syntax: []string{
		"elect.sync d|p:.b32, membermask:.b32",
	}},

	// 9.7.14.16 mbarrier
	{Name: "mbarrier.init", Section: "9.7.14.16.12", Doc: "Initialize an mbarrier object in shared memory with an expected arrival count.", PTX: 70, SM: 80, Syntax: []string{
		"mbarrier.init{.ss_shared}.b64 [addr], count:.u32",
	}},
	{Name: "mbarrier.inval", Section: "9.7.14.16.13", Doc: "Invalidate an mbarrier object so its memory can be reused.", PTX: 70, SM: 80, Syntax: []string{
		"mbarrier.inval{.ss_shared}.b64 [addr]",
	}},
	{Name: "mbarrier.expect_tx", Section: "9.7.14.16.14", Doc: "Raise the transaction count an mbarrier's current phase waits for.", PTX: 80, SM: 90, Syntax: []string{
		"mbarrier.expect_tx{.sem_rlx}{.scope_cc}{.ss_shared3}.b64 [addr], txCount:.u32",
	}},
	{Name: "mbarrier.complete_tx", Section: "9.7.14.16.15", Doc: "Lower an mbarrier's pending transaction count, as if bytes had arrived.", PTX: 80, SM: 90, Syntax: []string{
		"mbarrier.complete_tx{.sem_rlx}{.scope_cc}{.ss_shared3}.b64 [addr], txCount:.u32",
	}},
	{Name: "mbarrier.arrive", Section: "9.7.14.16.16", Doc: "Arrive on an mbarrier (optionally expecting transactions) and get the phase token in state.", PTX: 70, SM: 80, Syntax: []string{
		"mbarrier.arrive{.sem_st}{.scope_cc}{.ss_shared}.b64 d:.b64, [addr], count:.u32?",
		"mbarrier.arrive{.sem_st}{.scope_cc}.ss_cluster.b64 d:.b64, [addr], count:.u32? @ptx8.0 @sm_90",
		"mbarrier.arrive.expect_tx{.sem_st}{.scope_cc}{.ss_shared3}.b64 d:.b64, [addr], txCount:.u32 @ptx8.0 @sm_90",
		"mbarrier.arrive.noComplete{.sem_rel}{.cta}{.ss_shared}.b64 d:.b64, [addr], count:.u32",
	}},
	{Name: "mbarrier.arrive_drop", Section: "9.7.14.16.17", Doc: "Arrive on an mbarrier and drop this thread from the expected count of later phases.", PTX: 70, SM: 80, Syntax: []string{
		"mbarrier.arrive_drop{.sem_st}{.scope_cc}{.ss_shared}.b64 d:.b64, [addr], count:.u32?",
		"mbarrier.arrive_drop{.sem_st}{.scope_cc}.ss_cluster.b64 d:.b64, [addr], count:.u32? @ptx8.0 @sm_90",
		"mbarrier.arrive_drop.expect_tx{.sem_st}{.scope_cc}{.ss_shared3}.b64 d:.b64, [addr], txCount:.u32 @ptx8.0 @sm_90",
		"mbarrier.arrive_drop.expect_tx{.ss_shared3}{.sem_st}{.scope_cc}.b64 d:.b64, [addr], txCount:.u32 @ptx8.0 @sm_90",
		"mbarrier.arrive_drop.noComplete{.sem_rel}{.cta}{.ss_shared}.b64 d:.b64, [addr], count:.u32",
	}},
	{Name: "cp.async.mbarrier.arrive", Section: "9.7.14.16.18", Doc: "Make an mbarrier track the completion of this thread's earlier cp.async operations.", PTX: 70, SM: 80, Syntax: []string{
		"cp.async.mbarrier.arrive{.noinc}{.ss_shared}.b64 [addr]",
	}},
	{Name: "mbarrier.test_wait", Section: "9.7.14.16.19", Doc: "Test (without blocking) whether an mbarrier phase, given by token or .parity, has completed.", PTX: 70, SM: 80, Syntax: []string{
		"mbarrier.test_wait{.sem_ld}{.scope_cc}{.ss_shared}.b64 p:.pred, [addr], state:.b64",
		"mbarrier.test_wait.parity{.sem_ld}{.scope_cc}{.ss_shared}.b64 p:.pred, [addr], parity:.u32 @ptx7.1",
	}},
	{Name: "mbarrier.try_wait", Section: "9.7.14.16.19", Doc: "Wait a bounded time for an mbarrier phase, given by token or .parity, to complete.", PTX: 78, SM: 90, Syntax: []string{
		"mbarrier.try_wait{.sem_ld}{.scope_cc}{.ss_shared}.b64 p:.pred, [addr], state:.b64, hint:.u32?",
		"mbarrier.try_wait.parity{.sem_ld}{.scope_cc}{.ss_shared}.b64 p:.pred, [addr], parity:.u32, hint:.u32?",
	}},
	{Name: "mbarrier.pending_count", Section: "9.7.14.16.20", Doc: "The pending arrival count held in an mbarrier phase token.", PTX: 70, SM: 80, Syntax: []string{
		"mbarrier.pending_count.b64 d:.u32, state:.b64",
	}},
	{Name: "mbarrier.check_layout", Section: "9.7.14.16.21", Doc: "Test whether memory holds a valid mbarrier object.", PTX: 93, SM: 90, Syntax: []string{
		"mbarrier.check_layout{.ss_shared3}{.b64} p:.pred, [addr]",
	}},
	{Name: "tensormap.cp_fenceproxy", Section: "9.7.14.17", Doc: "Copy a tensor map from shared to global memory and fence it for the tensormap proxy.", PTX: 83, SM: 90, Syntax: []string{
		"tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.sem_rel.scope.sync.aligned [dst], [src], size:imm",
	}},
	{Name: "clusterlaunchcontrol.try_cancel", Section: "9.7.14.18", Doc: "Ask to cancel a not-yet-launched cluster so this one can take over its work.", PTX: 86, SM: 100, Syntax: []string{
		"clusterlaunchcontrol.try_cancel.async{.ss_cta}.complete_tx{.multicast::cluster::all}.b128 [addr], [mbar]",
	}, Groups: []Group{{"ss_cta", []string{".shared::cta"}}}, NoExec: noCLC},
	{Name: "clusterlaunchcontrol.query_cancel", Section: "9.7.14.19", Doc: "Decode the response of clusterlaunchcontrol.try_cancel.", PTX: 86, SM: 100, Syntax: []string{
		"clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 p:.pred, response:.b128",
		"clusterlaunchcontrol.query_cancel.get_first_ctaid.vec_4.b32.b128 {d}:.b32, response:.b128",
		"clusterlaunchcontrol.query_cancel.firstdim.b32.b128 d:.b32, response:.b128",
	}, Groups: []Group{{"firstdim", []string{".get_first_ctaid::x", ".get_first_ctaid::y", ".get_first_ctaid::z"}}}, NoExec: noCLC},
}
