#!/usr/bin/env python3
"""The shared-memory rule warplint uses (docs/hardware-model.md S1: a
request costs the distinct words its busiest bank is asked for; S8: the
same for ATOMS.POPC.INC), evaluated on the indices random_bins.cu draws,
warp by warp. Prints the totals to set beside the measured ones in
random_bins.ncu.csv (README.md)."""

BLOCKS, THREADS = 4096, 256
MASK64 = (1 << 64) - 1


def indices():
    x = 0x9E3779B97F4A7C15
    for _ in range(BLOCKS * THREADS):
        x ^= (x << 13) & MASK64
        x ^= x >> 7
        x ^= (x << 17) & MASK64
        yield x >> 32


def busiest_bank_words(words):
    banks = {}
    for w in words:
        banks.setdefault(w % 32, set()).add(w)
    return max(len(s) for s in banks.values())


def main():
    values = list(indices())
    for name, mask in (("randomHistogram Hist[bin & 255]", 255),
                       ("randomKeyLoad S[key & 1023]", 1023)):
        total = sum(busiest_bank_words([v & mask for v in values[w:w + 32]])
                    for w in range(0, len(values), 32))
        print("%s: %d wavefronts over %d requests (%.4f per request)" %
              (name, total, len(values) // 32, total / (len(values) // 32)))


if __name__ == "__main__":
    main()
