// driver.cpp: run one PTX kernel through PTX-EMU's parser and interpreter
// without CUDA. PTX-EMU's fake libcudart (src/PTXEMU.cpp) pulls the PTX out
// of a CUDA binary with cuobjdump, parses it with the antlr4 parser and the
// PtxListener, and its cudaLaunchKernel calls
// PtxInterpreter::launchPtxInterpreter with the kernel's argument array.
// This driver does the same from a .ptx file and a launch given on the
// command line, then prints the buffers marked for printing.
//
//   driver FILE.ptx KERNEL GRID BLOCK ARG...
//   GRID, BLOCK: x[,y[,z]]
//   ARG: buf:TYPE:COUNT[:FILL][:print]   TYPE u32|s32|f32|u64; FILL zero|iota|NUMBER
//        u32:N | s32:N | u64:N | f32:X   a by-value parameter
// Arguments go in the kernel's parameter order. PTXEMU_TIMES=1 prints the
// phases' CPU times to stderr.

#include <cassert>
#include <charconv>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <driver_types.h>

#include "antlr4-runtime.h"
#include "ptxLexer.h"
#include "ptxParser.h"
#include "ptxParserBaseListener.h"
#include "ptx-semantic.h"
#include "ptx-interpreter.h"

using namespace ptxparser;
using namespace antlr4;

static PtxListener ptxListener;
static PtxInterpreter ptxInterpreter;

struct Buf {
  std::string type;
  size_t count = 0;
  void *data = nullptr;
  bool print = false;
  int index = 0;
};

static dim3 parseDim(const char *s) {
  unsigned v[3] = {1, 1, 1};
  int n = sscanf(s, "%u,%u,%u", &v[0], &v[1], &v[2]);
  if (n < 1) {
    fprintf(stderr, "bad dimension %s\n", s);
    exit(2);
  }
  return dim3(v[0], v[1], v[2]);
}

static std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string part;
  while (std::getline(ss, part, sep)) out.push_back(part);
  return out;
}

static size_t elemSize(const std::string &t) {
  if (t == "u32" || t == "s32" || t == "f32") return 4;
  if (t == "u64") return 8;
  fprintf(stderr, "unsupported element type %s\n", t.c_str());
  exit(2);
}

static void fill(Buf &b, const std::string &how) {
  if (how == "zero") return;  // calloc'd
  bool iota = how == "iota";
  double c = iota ? 0 : strtod(how.c_str(), nullptr);
  for (size_t i = 0; i < b.count; i++) {
    double v = iota ? (double)i : c;
    if (b.type == "f32") ((float *)b.data)[i] = (float)v;
    else if (b.type == "u32") ((uint32_t *)b.data)[i] = (uint32_t)(int64_t)v;
    else if (b.type == "s32") ((int32_t *)b.data)[i] = (int32_t)v;
    else ((uint64_t *)b.data)[i] = (uint64_t)v;
  }
}

static void printBuf(const std::string &name, const Buf &b, std::string &out) {
  out += name + " " + b.type + " " + std::to_string(b.count) + "\n";
  // std::to_chars: the shortest decimal that reads back (as ptxplay prints)
  char tmp[64];
  for (size_t i = 0; i < b.count; i++) {
    std::to_chars_result r;
    if (b.type == "f32") r = std::to_chars(tmp, tmp + sizeof tmp, ((float *)b.data)[i]);
    else if (b.type == "u32") r = std::to_chars(tmp, tmp + sizeof tmp, ((uint32_t *)b.data)[i]);
    else if (b.type == "s32") r = std::to_chars(tmp, tmp + sizeof tmp, ((int32_t *)b.data)[i]);
    else r = std::to_chars(tmp, tmp + sizeof tmp, ((uint64_t *)b.data)[i]);
    *r.ptr++ = '\n';
    out.append(tmp, r.ptr - tmp);
  }
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: driver FILE.ptx KERNEL GRID BLOCK ARG...\n");
    return 2;
  }
  bool times = getenv("PTXEMU_TIMES") != nullptr;
  // Phases in process CPU time (the box is shared: wall time is its load).
  auto cpuMs = [] {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
  };
  double t0 = cpuMs();
  auto lap = [&](const char *what) {
    if (!times) return;
    double t = cpuMs();
    fprintf(stderr, "%s %.3f ms cpu\n", what, t - t0);
    t0 = t;
  };

  std::ifstream f(argv[1]);
  if (!f) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  std::ostringstream src;
  src << f.rdbuf();
  std::string ptx = src.str();

  // As __cudaRegisterFatBinary in src/PTXEMU.cpp.
  ANTLRInputStream input(ptx);
  ptxLexer lexer(&input);
  CommonTokenStream tokens(&lexer);
  tokens.fill();
  ptxParser parser(&tokens);
  parser.addParseListener(&ptxListener);
  parser.ast();
  if (parser.getNumberOfSyntaxErrors() > 0) {
    fprintf(stderr, "%zu syntax errors\n", parser.getNumberOfSyntaxErrors());
    return 1;
  }
  lap("parse");

  std::string kernel = argv[2];
  dim3 grid = parseDim(argv[3]), block = parseDim(argv[4]);
  int nargs = argc - 5;
  std::vector<uint64_t> vals(nargs);
  std::vector<void *> args(nargs);
  std::vector<std::pair<std::string, Buf>> bufs;
  KernelContext *kc = nullptr;
  for (auto &k : ptxListener.ptxContext.ptxKernels)
    if (k.kernelName == kernel) kc = &k;
  if (!kc) {
    fprintf(stderr, "no kernel %s\n", kernel.c_str());
    return 1;
  }
  if ((int)kc->kernelParams.size() != nargs) {
    fprintf(stderr, "kernel %s has %zu parameters, %d given\n", kernel.c_str(), kc->kernelParams.size(), nargs);
    return 2;
  }
  for (int i = 0; i < nargs; i++) {
    auto parts = split(argv[5 + i], ':');
    if (parts[0] == "buf") {
      Buf b;
      b.type = parts.at(1);
      b.count = strtoull(parts.at(2).c_str(), nullptr, 10);
      b.data = calloc(b.count, elemSize(b.type));
      std::string how = parts.size() > 3 ? parts[3] : "zero";
      for (size_t j = 4; j < parts.size(); j++) b.print |= parts[j] == "print";
      if (how == "print") {
        how = "zero";
        b.print = true;
      }
      fill(b, how);
      b.index = i;
      vals[i] = (uint64_t)b.data;
      bufs.push_back({kc->kernelParams[i].paramName, b});
    } else if (parts[0] == "f32") {
      float v = strtof(parts.at(1).c_str(), nullptr);
      memcpy(&vals[i], &v, 4);
    } else if (parts[0] == "s32") {
      int32_t v = (int32_t)strtol(parts.at(1).c_str(), nullptr, 0);
      memcpy(&vals[i], &v, 4);
    } else {
      vals[i] = strtoull(parts.at(1).c_str(), nullptr, 0);
    }
    args[i] = &vals[i];  // CUDA's kernel argument array: pointers to the values
  }
  lap("setup");

  // As cudaLaunchKernel in src/PTXEMU.cpp.
  ptxInterpreter.launchPtxInterpreter(ptxListener.ptxContext, kernel, args.data(), grid, block);
  lap("run");

  std::string out;
  for (auto &nb : bufs)
    if (nb.second.print) printBuf(nb.first, nb.second, out);
  fwrite(out.data(), 1, out.size(), stdout);
  fflush(stdout);
  lap("print");
  return 0;
}
