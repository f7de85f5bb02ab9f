"""Checks a gpurun suite folder with gpurun.py's own functions (no GPU):
every case loads (load_dir_cases), its launch decodes against its PTX
(prepare), a result made from the expectation the way gpurun's worker
makes one (ok_result of the packed bits) compares 'agree', and the same
result with one bit of one element flipped compares 'disagree'.

usage: python3 gpurun_check.py GPURUN_DIR SUITE_DIR
Prints 'ok N' or one line per problem (exit 1).
"""
import sys

sys.path.insert(0, sys.argv[1])
import gpurun  # noqa: E402

problems = []
cases = gpurun.load_dir_cases(sys.argv[2])
for case in cases:
    if case.error:
        problems.append(f'{case.name}: {case.error}')
        continue
    try:
        with open(case.ptx_path) as f:
            prep = gpurun.prepare(f.read(), case.launch)
    except Exception as e:  # noqa: BLE001
        problems.append(f'{case.name}: prepare: {type(e).__name__}: {e}')
        continue
    outputs = []
    for param, want in case.expect['buffers'].items():
        typ = case.launch['args'][param]['type']
        bits = []
        for x in want:
            c = gpurun.canon(typ, x)
            if c == 'nan':
                c = gpurun.round_to_bits(typ, float('nan'))
            if isinstance(c, str):
                problems.append(f'{case.name}: {param}: {c}')
                c = 0
            bits.append(c)
        outputs.append((param, typ, gpurun.pack_bits(typ, bits)))
    if not outputs:
        problems.append(f'{case.name}: no expected buffers')
        continue
    verdict, lines = gpurun.compare_case(case, gpurun.ok_result(outputs))
    if verdict != 'agree':
        problems.append(f'{case.name}: the expectation as a GPU result: {verdict}: {lines}')
    param, typ, blob = outputs[0]
    flipped = bytearray(blob)
    flipped[0] ^= 1
    verdict, _ = gpurun.compare_case(case, gpurun.ok_result([(param, typ, bytes(flipped))] + outputs[1:]))
    if verdict != 'disagree':
        problems.append(f'{case.name}: a flipped bit in {param}[0] still compares {verdict}')
for p in problems:
    print(p)
print(f'ok {len(cases) - len(problems)} of {len(cases)}')
sys.exit(1 if problems or not cases else 0)
