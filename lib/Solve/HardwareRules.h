//===- HardwareRules.h - What one warp request costs ------------*- C++ -*-===//
//
// The hardware rules in one place: how a shared-memory request splits into
// phases and how many wavefronts a phase needs, and how many 32-byte sectors a
// global request touches. Everything else in the solver only decides WHICH
// lanes make a request and at WHICH addresses; calibration against the
// hardware (docs/hardware-model.md) changes these functions only.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_HARDWARERULES_H
#define WARPLINT_SOLVE_HARDWARERULES_H

#include "Model/Arch.h"
#include "Solve/Solver.h"

#include <cstdint>
#include <string>
#include <vector>

namespace warplint {

/// One active lane of a request and the byte address it accesses.
struct LaneAddress {
  unsigned Lane = 0;
  int64_t Addr = 0;
};

/// Floor division and the matching non-negative modulo (addresses may be
/// negative in hand-made models; the bank of a negative word still wraps).
int64_t floorDiv(int64_t A, int64_t B);
int64_t floorMod(int64_t A, int64_t B);

/// Number of phases a shared request of Bytes per lane is split into: whole
/// warp up to the bank width, half-warps for 8 bytes, quarter-warps for 16
/// (before lane-pair merging, see sharedRequestCost).
unsigned sharedPhaseCount(unsigned Bytes, const ArchInfo &Arch);

/// Which shared-memory instruction a request is: the bank rule differs for
/// atomics (docs/hardware-model.md S8).
enum class SharedOpKind {
  Load,           ///< LDS: lane pairs may merge (S4)
  Store,          ///< STS: never merges
  /// ATOMS of an integer atomicAdd: same-address lanes serialize, and a
  /// warp-uniform address is aggregated into one lane's ATOMS (S8).
  Atomic,
  /// Other atomics (atomicExch, atomicCAS, atomicMax, ...): S8's lanes per
  /// bank, and a warp-uniform address is served lane by lane (atomicExch
  /// on one word: 32 wavefronts per request, S8d).
  AtomicUnaggregated,
  CasLoop, ///< float/double atomicAdd: an LDS + CAS loop; costed as the CAS
  /// atomicCAS: one ATOMS.CAS, which moves the compared and the new value:
  /// costed as an access of twice the width (S8d).
  CompareAndSwap,
  /// atomicAdd(p, 1) with the result unused: ATOMS.POPC.INC, one add of the
  /// count of the lanes on a word: distinct words per bank, as a load.
  AtomicIncrement,
};

/// Which bank rule a shared access follows: the atomics nvcc turns into a
/// compare-and-swap loop (Access::CasLoop: float and double atomicAdd) are
/// costed as the CAS; atomicExch on a float is one ATOMS.EXCH, an atomic
/// like any other (S8c).
SharedOpKind sharedOpKind(const KernelModel &K, const Access &A);

struct SharedRequestCost {
  unsigned Wavefronts = 0; ///< sum over phases
  unsigned Ideal = 0;      ///< Nsight Compute's ideal (S5)
  /// Whether some half-warp was served as lane pairs (S4; 8- and 16-byte
  /// loads whose pairs (2k, 2k+1) ask for one address).
  bool PairsMerged = false;
  /// The phase with most wavefronts, its worst bank, two lanes asking that
  /// bank for different words (-1 when the request is conflict-free), and the
  /// number of distinct words that bank is asked for.
  unsigned WorstPhaseWavefronts = 0;
  unsigned Bank = 0;
  int LaneA = -1, LaneB = -1;
  unsigned WorstBankWords = 0;
};

/// Wavefronts of one shared-memory request. Lanes lists the active lanes
/// only, each at most once, in lane order.
SharedRequestCost sharedRequestCost(const std::vector<LaneAddress> &Lanes,
                                    unsigned Bytes, const ArchInfo &Arch,
                                    SharedOpKind Op = SharedOpKind::Load);

struct GlobalRequestCost {
  unsigned Sectors = 0;
  unsigned Ideal = 0;
  GlobalPattern Pattern = GlobalPattern::Scattered;
  /// The first two lanes (in lane order) that fall into different sectors;
  /// -1 when all lanes share one sector.
  int LaneA = -1, LaneB = -1;
};

/// Sectors of one global-memory request; Addr is the absolute address modulo
/// anything that is a multiple of the sector size. Loads (also __ldg),
/// stores and atomics follow the same rule (G1-G3): a warp-uniform atomic is
/// aggregated to one lane by the compiler, which is what one distinct
/// address costs anyway.
GlobalRequestCost globalRequestCost(const std::vector<LaneAddress> &Lanes,
                                    unsigned Bytes, const ArchInfo &Arch);

/// One lane of a 16-byte cp.async: the global byte it reads from (modulo
/// anything that is a multiple of 128) and the shared byte it writes to
/// (its address in the window modulo a multiple of 128).
struct CopyLane {
  unsigned Lane = 0;
  int64_t Src = 0, Dst = 0;
};

struct BypassCopyCost {
  /// A lane's source or destination is not 16-byte aligned: the
  /// instruction faults (nothing else is filled in).
  bool Misaligned = false;
  /// Empty: the request is one the rule covers; else why it is not.
  std::string Unmeasured;
  unsigned Sectors = 0, IdealSectors = 0;
  unsigned Wavefronts = 0, IdealWavefronts = 0;
  /// Two lanes that need different wavefronts: of one source line and one
  /// destination row when there are such, else of one line written into
  /// two rows or one row read from two lines (-1: none).
  int LaneA = -1, LaneB = -1;
};

/// Both sides of one 16-byte cp.async.cg (LDGSTS.E.BYPASS.128) request, rule
/// LDGSTS.BYPASS (test/gpu/tensor-core/README.md, 246 lane patterns measured
/// by ldgsts_pairs.cu). Two lanes are one unit when their chunks are the two
/// halves of one 32-byte source sector and the two halves of one 32-byte
/// destination block, in either order; every other lane is a unit of its
/// own. Each unit is one L2 sector. The units that read one 128-byte source
/// line and write one 128-byte destination row share a wavefront when they
/// move their data by the same distance modulo 64 bytes (measured from the
/// unit's lane that reads a sector's first half, or its only lane), are of
/// the same kind (pair or single lane) and, for single lanes, read the same
/// half of their sectors; each other class costs one more, and units of a
/// class that read one source chunk take one wavefront each (32 lanes
/// reading one chunk: 32, tensor_core_rules.cu). Lanes lists the active
/// lanes once each.
BypassCopyCost bypassCopyCost(const std::vector<CopyLane> &Lanes);

/// The lanes of a witness at their offsets in the object: what a layout
/// of the request lays out.
std::vector<LaneAddress> laneOffsets(const std::vector<LaneWitness> &Lanes);

/// Request Lanes laid out on the banks: each lane's banks, and whether it
/// collides (another lane of its phase asks one of those banks for another
/// word); cost and ideal are sharedRequestCost's.
RequestLayout sharedRequestLayout(const std::vector<LaneAddress> &Lanes,
                                  unsigned Bytes, SharedOpKind Op,
                                  const ArchInfo &Arch);
/// Request Lanes laid out on the sectors they touch; cost and ideal are
/// globalRequestCost's.
RequestLayout globalRequestLayout(const std::vector<LaneAddress> &Lanes,
                                  unsigned Bytes, const ArchInfo &Arch);

} // namespace warplint

#endif // WARPLINT_SOLVE_HARDWARERULES_H
