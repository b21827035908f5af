/*
 * Copyright 2026 The rf4j developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.rf4j.api.linalg;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;


/** The start-up switch from the scalar twins to the vector kernels. */
class WarmingKernelsTest {

    /** Counts the calls that reach it; computes like the scalar kernels. */
    static class Counting implements VectorKernels {
        final AtomicInteger gemms = new AtomicInteger();
        final VectorKernels scalar = VectorKernels.scalar();

        @Override
        public String name() {
            return "counting";
        }

        @Override
        public void gemm(int rows, int cols, int depth, double[] a, int aOff, int ars, int acs, double[] b, int bOff,
                int ldb, double[] c, int cOff, int ldc, boolean accumulate) {
            gemms.incrementAndGet();
            scalar.gemm(rows, cols, depth, a, aOff, ars, acs, b, bOff, ldb, c, cOff, ldc, accumulate);
        }

        @Override
        public void expAffine(double[] src, int srcOff, double alpha, double beta, double[] dst, int dstOff, int len) {
            scalar.expAffine(src, srcOff, alpha, beta, dst, dstOff, len);
        }

        @Override
        public void cos(double[] src, int srcOff, double factor, double[] dst, int dstOff, int len) {
            scalar.cos(src, srcOff, factor, dst, dstOff, len);
        }

        @Override
        public void sin(double[] src, int srcOff, double factor, double[] dst, int dstOff, int len) {
            scalar.sin(src, srcOff, factor, dst, dstOff, len);
        }

        @Override
        public double max(double[] src, int off, int len) {
            return scalar.max(src, off, len);
        }

        @Override
        public double min(double[] src, int off, int len) {
            return scalar.min(src, off, len);
        }

        @Override
        public void multiply(double[] a, int aOff, double[] s, int sOff, int len) {
            scalar.multiply(a, aOff, s, sOff, len);
        }

        @Override
        public void scale(double[] a, int off, double factor, int len) {
            scalar.scale(a, off, factor, len);
        }

        /** The fp32 kernels called so far (each delegates to the scalar instance, so none records another). */
        final java.util.Set<String> floatCalls = java.util.concurrent.ConcurrentHashMap.newKeySet();

        @Override
        public void gemm(int rows, int cols, int depth, float[] a, int aOff, int ars, int acs, float[] b, int bOff,
                int ldb, float[] c, int cOff, int ldc, boolean accumulate) {
            floatCalls.add("gemm");
            scalar.gemm(rows, cols, depth, a, aOff, ars, acs, b, bOff, ldb, c, cOff, ldc, accumulate);
        }

        @Override
        public boolean expAffineAbove(float[] src, int srcOff, float alpha, float beta, float[] dst, int dstOff, int len,
                float cutoff) {
            floatCalls.add("expAffineAbove");
            return scalar.expAffineAbove(src, srcOff, alpha, beta, dst, dstOff, len, cutoff);
        }

        @Override
        public void expAffine(float[] src, int srcOff, float alpha, float beta, float[] dst, int dstOff, int len) {
            floatCalls.add("expAffine");
            scalar.expAffine(src, srcOff, alpha, beta, dst, dstOff, len);
        }

        @Override
        public void cos(float[] src, int srcOff, float factor, float[] dst, int dstOff, int len) {
            floatCalls.add("cos");
            scalar.cos(src, srcOff, factor, dst, dstOff, len);
        }

        @Override
        public void sin(float[] src, int srcOff, float factor, float[] dst, int dstOff, int len) {
            floatCalls.add("sin");
            scalar.sin(src, srcOff, factor, dst, dstOff, len);
        }

        @Override
        public float max(float[] src, int off, int len) {
            floatCalls.add("max");
            return scalar.max(src, off, len);
        }

        @Override
        public void multiply(float[] a, int aOff, float[] s, int sOff, int len) {
            floatCalls.add("multiply");
            scalar.multiply(a, aOff, s, sOff, len);
        }

        @Override
        public void scale(float[] a, int off, float factor, int len) {
            floatCalls.add("scale");
            scalar.scale(a, off, factor, len);
        }
    }

    /** Every fp32 kernel is warmed too (a kernel left out would run in the Vector API's allocating fallback). */
    @Test
    void theWarmUpExercisesEveryFloatKernel() throws InterruptedException {
        Counting fast = new Counting();
        WarmingKernels k = new WarmingKernels(fast);
        assertThat(k.await(60, TimeUnit.SECONDS)).isTrue();
        assertThat(fast.floatCalls).containsExactlyInAnyOrder("gemm", "expAffineAbove", "expAffine", "cos", "sin", "max",
                "multiply", "scale");
    }

    @Test
    void callsReachTheFastKernelsOnceTheWarmUpIsDoneAndNotBefore() throws InterruptedException {
        Counting fast = new Counting();
        WarmingKernels k = new WarmingKernels(fast);
        assertThat(k.await(60, TimeUnit.SECONDS)).isTrue();
        // the warm-up itself ran four GEMMs per round (every block shape, both A layouts, the narrow tail)
        assertThat(fast.gemms.get()).isEqualTo(4 * WarmingKernels.ROUNDS);
        double[] a = {1, 2, 3, 4};
        double[] b = {5, 6, 7, 8};
        double[] c = new double[4];
        k.gemm(2, 2, 2, a, 0, 2, 1, b, 0, 2, c, 0, 2, false);
        // planted fault "never switch" (warm stays false) fails here
        assertThat(fast.gemms.get()).isEqualTo(4 * WarmingKernels.ROUNDS + 1);
        assertThat(c).containsExactly(19, 22, 43, 50);
        assertThat(k.name()).isEqualTo("counting");
    }

    @Test
    void aFailingWarmUpLeavesTheScalarKernelsInUse() throws InterruptedException {
        Counting broken = new Counting() {
            @Override
            public void gemm(int rows, int cols, int depth, double[] a, int aOff, int ars, int acs, double[] b,
                    int bOff, int ldb, double[] c, int cOff, int ldc, boolean accumulate) {
                throw new IllegalStateException("no vector unit");
            }
        };
        WarmingKernels k = new WarmingKernels(broken);
        assertThat(k.await(60, TimeUnit.SECONDS)).isFalse();
        double[] c = new double[1];
        k.gemm(1, 1, 1, new double[] {2}, 0, 1, 1, new double[] {3}, 0, 1, c, 0, 1, false);
        assertThat(c[0]).isEqualTo(6.0);
    }
}
