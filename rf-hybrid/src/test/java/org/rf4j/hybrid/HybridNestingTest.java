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
package org.rf4j.hybrid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.GaussianKernel;
import org.rf4j.api.mechanism.EstimatorRequest;

/**
 * Deeply nested hybrids: every level multiplies the feature count, so depth 26 used to
 * exhaust the heap and depth ≥ 31 wrapped an int ("matrix shape 1x-8"). Too deep a nesting is
 * refused when the config is read, too large a feature count when the features are drawn, each
 * naming the config path of the hybrid, its depth or size, and what is allowed.
 */
class HybridNestingTest {

    /** A hybrid nested {@code depth} deep: each level one hybrid base, one random-features base, an angular λ. */
    private static Spec nest(int depth) {
        Spec inner = Fixtures.rf("trigonometric", 8);
        for (int i = 0; i < depth; i++) {
            inner = Fixtures.hybrid(List.of(inner, Fixtures.rf("trigonometric", 8)), List.of(Spec.of("angular", "n", 2L)),
                    false);
        }
        return inner;
    }

    @Test
    void nestingDepthCountsHybridLevels() {
        assertThat(((HybridEstimator) Fixtures.estimator(nest(1))).nestingDepth()).isEqualTo(1);
        assertThat(((HybridEstimator) Fixtures.estimator(nest(4))).nestingDepth()).isEqualTo(4);
        assertThat(((HybridEstimator) Fixtures.estimator(nest(HybridEstimator.MAX_DEPTH))).nestingDepth())
                .isEqualTo(HybridEstimator.MAX_DEPTH);
    }

    /** 26 and 31 levels: refused at the hybrid that first exceeds 16 levels, by its path. */
    @Test
    void tooDeepANestingIsRefusedWithItsPath() {
        for (int depth : new int[] {17, 26, 31}) {
            String path = "estimator" + ".base[0]".repeat(depth - HybridEstimator.MAX_DEPTH - 1);
            assertThatThrownBy(() -> Fixtures.estimator(nest(depth))).isInstanceOf(InvalidParameterException.class)
                    .hasMessageStartingWith("parameter '" + path + "' = 'a hybrid nested 17 deep'")
                    .hasMessageContaining("at most 16 nested hybrid levels");
        }
    }

    /**
     * 16 levels of angular λs with n = 2 ask for about 3¹⁶·2m features per row: refused when drawn,
     * before any row is mapped, at the outermost level the heap cannot hold (which level depends on
     * the heap), naming its path, depth and size, and the heap.
     */
    @Test
    void tooLargeANestingIsRefusedWhenDrawnWithItsSize() {
        HybridEstimator h = (HybridEstimator) Fixtures.estimator(nest(16));
        assertThatThrownBy(() -> h.draw(new EstimatorRequest(new GaussianKernel(1.0), 2, 1)))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageMatching("parameter 'estimator(\\.base\\[0\\])*' = 'a hybrid nested 1[0-6] deep with [0-9]+"
                        + " features per row' is not allowed; allowed: at most [0-9]+ features per row .*")
                .hasMessageContaining("Java heap");
    }

    /** The size rule itself, in long: beyond the largest array whatever the heap, else by the heap. */
    @Test
    void sizeRuleUsesLongArithmeticAndNamesTheLimit() {
        HybridEstimator h = (HybridEstimator) Fixtures.estimator(nest(3));
        long heap = 1L << 40;
        h.checkSize(Integer.MAX_VALUE - 8L, heap, 1);
        assertThatThrownBy(() -> h.checkSize(Integer.MAX_VALUE - 7L, heap, 1)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("estimator").hasMessageContaining("nested 3 deep with 2147483640 features")
                .hasMessageContaining("largest Java array");
        assertThatThrownBy(() -> h.checkSize(5L * Integer.MAX_VALUE, heap, 1)).hasMessageContaining("10737418235 features");
        long small = 64L << 20;
        long perRow = small / HybridEstimator.BYTES_PER_FEATURE;
        h.checkSize(perRow, small, 1);
        assertThatThrownBy(() -> h.checkSize(perRow + 1, small, 1))
                .hasMessageContaining("at most " + perRow + " features per row")
                .hasMessageContaining("64 MiB and 1 thread");
        h.checkSize(perRow / 4, small, 4);
        assertThatThrownBy(() -> h.checkSize(perRow / 4 + 1, small, 4))
                .hasMessageContaining("at most " + perRow / 4 + " features per row")
                .hasMessageContaining("64 MiB and 4 threads");
    }
}
