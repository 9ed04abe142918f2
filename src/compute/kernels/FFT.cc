// The compute layer's own fast Fourier transform in the common kernel dialect (KernelFFT): complex-to-complex
// transforms of lines of FFT_N values along one axis of a 3D grid, FFT_LINES lines to a work-group of
// FFT_THREADS threads. A work-group copies its lines into local memory, transforms them there by Stockham passes
// (radices FFT_RADICES, in that order; any radix works, its butterfly a direct DFT; every twiddle factor from
// one table of the N-th roots of unity, made once per work-group), and writes them back in place,
// so the transform of a whole grid is one launch per axis. Line l of the launch is (a, b) = (l / numB, l % numB)
// and its element k lies at a * strideAIn + b * strideB + k * strideK in `in` (a * strideAOut + ... in `out`);
// where the lines of a work-group lie side by side in memory (strideB = 1, strideK > 1) the copies take the lines
// fastest, so that neighbouring threads touch neighbouring elements. Unnormalised; sign -1 forward, +1 backward.
// FFT_IN: 0 `real2` values; 1 `real` values; 2 the FFT_N / 2 + 1 first `real2` values of a line whose others
// are their conjugates, X(N - k) = X(k)*. FFT_OUT: 0 every value; 1 the FFT_N / 2 + 1 first; 2 `real` values.
// The real modes (1 and 2, lines along z: numB = 1, strideB = 0) transform two of the realLines lines of real
// values at once, as the real and imaginary parts of one complex line l (real lines 2l and 2l + 1): forward,
// the two spectra are C(k) + C(N - k)* over 2 and C(k) - C(N - k)* over 2i; backward, the line A + i B of the
// two (Hermitian) spectra transforms into a + i b.
// mardyn-kernel: defines FFT_N=12 FFT_LINES=4 FFT_THREADS=24 FFT_NUM_PASSES=2 FFT_RADICES=4,3 FFT_MAX_RADIX=4 FFT_IN=0 FFT_OUT=0

#define FFT_PI 3.14159265358979323846

/// e^(i angle).
DEVICE real2 fftRoot(real angle) { return make_real2(cos(angle), sin(angle)); }

DEVICE real2 fftMul(real2 a, real2 b) { return make_real2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }

#if FFT_IN == 1
#define FFT_IN_TYPE real
#else
#define FFT_IN_TYPE real2
#endif
#if FFT_OUT == 2
#define FFT_OUT_TYPE real
#else
#define FFT_OUT_TYPE real2
#endif

KERNEL void fftLines(GLOBAL const FFT_IN_TYPE* in, GLOBAL FFT_OUT_TYPE* out, int numLines, int numB, int strideAIn,
                     int strideAOut, int strideB, int strideK, int linesFastest, real sign, int realLines) {
  LOCAL real2 data[FFT_LINES * FFT_N];
  // The N-th roots of unity, e^(sign 2 pi i m / N): every twiddle factor and butterfly root is one of them.
  LOCAL real2 roots[FFT_N];
  const int radices[FFT_NUM_PASSES] = {FFT_RADICES};
  for (int m = LOCAL_ID; m < FFT_N; m += FFT_THREADS) roots[m] = fftRoot(sign * (real) (2 * FFT_PI) * (real) m / (real) FFT_N);
  for (int firstLine = GROUP_ID * FFT_LINES; firstLine < numLines; firstLine += NUM_GROUPS * FFT_LINES) {
    // Copy the lines in.
    for (int e = LOCAL_ID; e < FFT_LINES * FFT_N; e += FFT_THREADS) {
      const int line = linesFastest ? e % FFT_LINES : e / FFT_N;
      const int k = linesFastest ? e / FFT_LINES : e % FFT_N;
      const int l = firstLine + line;
      if (l < numLines) {
#if FFT_IN == 1
        const int second = 2 * l + 1 < realLines;
        data[line * FFT_N + k] = make_real2(in[2 * l * strideAIn + k * strideK],
                                            second ? in[(2 * l + 1) * strideAIn + k * strideK] : (real) 0);
#elif FFT_IN == 2
        const int stored = k <= FFT_N / 2 ? k : FFT_N - k;
        const real mirror = k <= FFT_N / 2 ? (real) 1 : (real) -1;
        const real2 u = in[2 * l * strideAIn + stored * strideK];
        const real2 w = 2 * l + 1 < realLines ? in[(2 * l + 1) * strideAIn + stored * strideK] : make_real2(0, 0);
        // A + i B, A = (u.x, mirror u.y), B = (w.x, mirror w.y).
        data[line * FFT_N + k] = make_real2(u.x - mirror * w.y, mirror * u.y + w.x);
#else
        const int a = l / numB, b = l - a * numB;
        data[line * FFT_N + k] = in[a * strideAIn + b * strideB + k * strideK];
#endif
      }
    }
    SYNC_THREADS
    // Stockham passes: span ns (the product of the radices before), butterfly j of a line reads elements
    // j + r N/R, twiddles them by e^(sign 2 pi i r (j mod ns) / (ns R)) = roots[r (j mod ns) N / (ns R)],
    // transforms them (a direct DFT with the roots e^(sign 2 pi i k / R) = roots[k N / R]) and writes them to
    // (j / ns) ns R + (j mod ns) + q ns.
    int ns = 1;
    for (int pass = 0; pass < FFT_NUM_PASSES; pass++) {
      const int radix = radices[pass];
      const int butterflies = FFT_N / radix;
      real2 v[FFT_MAX_RADIX];
      const int t = LOCAL_ID;
      const int line = t / butterflies, j = t - line * butterflies;
      const int active = line < FFT_LINES && t < FFT_LINES * butterflies;
      if (active) {
        const int twiddle = (j % ns) * (FFT_N / (ns * radix));
        for (int r = 0; r < radix; r++) {
          const real2 x = data[line * FFT_N + j + r * butterflies];
          v[r] = r == 0 ? x : fftMul(x, roots[r * twiddle]);
        }
      }
      SYNC_THREADS
      if (active) {
        const int outBase = line * FFT_N + (j / ns) * ns * radix + (j % ns);
        const int rootStep = FFT_N / radix;
        for (int q = 0; q < radix; q++) {
          real2 sum = v[0];
          for (int r = 1; r < radix; r++)
            sum += fftMul(v[r], roots[((r * q) % radix) * rootStep]);
          data[outBase + q * ns] = sum;
        }
      }
      SYNC_THREADS
      ns *= radix;
    }
    // Copy the lines out.
    for (int e = LOCAL_ID; e < FFT_LINES * FFT_N; e += FFT_THREADS) {
      const int line = linesFastest ? e % FFT_LINES : e / FFT_N;
      const int k = linesFastest ? e / FFT_LINES : e % FFT_N;
      const int l = firstLine + line;
      if (l < numLines) {
#if FFT_OUT == 1
        if (k <= FFT_N / 2) {
          const real2 c = data[line * FFT_N + k], d = data[line * FFT_N + (k == 0 ? 0 : FFT_N - k)];
          out[2 * l * strideAOut + k * strideK] = make_real2((real) 0.5 * (c.x + d.x), (real) 0.5 * (c.y - d.y));
          if (2 * l + 1 < realLines)
            out[(2 * l + 1) * strideAOut + k * strideK] = make_real2((real) 0.5 * (c.y + d.y), (real) 0.5 * (d.x - c.x));
        }
#elif FFT_OUT == 2
        out[2 * l * strideAOut + k * strideK] = data[line * FFT_N + k].x;
        if (2 * l + 1 < realLines) out[(2 * l + 1) * strideAOut + k * strideK] = data[line * FFT_N + k].y;
#else
        const int a = l / numB, b = l - a * numB;
        out[a * strideAOut + b * strideB + k * strideK] = data[line * FFT_N + k];
#endif
      }
    }
    SYNC_THREADS
  }
}
