// Package alu holds the scalar semantics of PTX's integer instructions, one
// function per instruction family, as the PTX ISA defines them and as NVIDIA
// GPUs compute them where the ISA leaves a case open (division by zero, the
// carry flag of subtraction).
//
// The simulator calls these once per lane, so they are plain functions on
// bit patterns that allocate nothing:
//
//   - Operands and results are uint64 (or uint32 where the instruction is
//     32-bit only) holding a two's complement bit pattern.
//   - A width w (8, 16, 32 or 64) says how many low bits of each operand the
//     instruction reads; higher bits are ignored. Results hold exactly w bits
//     (2w for the .wide forms) with zeros above them: the caller writes them
//     into a register of that width. Cvt, whose destination register may be
//     wider than its type, is the one exception and says so.
//   - signed selects the .sN form where the .uN form differs.
//
// Section numbers in comments are those of the current PTX ISA manual
// (9.7.x); the ISA 3.1 manual numbers the same sections 8.7.x.
package alu
