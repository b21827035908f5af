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
package org.rf4j;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.rf4j.api.RfException;

/**
 * Fuzzing the float path's range (jqwik, fixed seed): for any finite float rows — entries from tiny
 * to near float's largest value — {@code transform(float[][])} either returns finite features only,
 * or refuses with a domain exception; it never writes NaN or infinite features.
 */
class FloatRangeFuzzTest {
    private static final RandomFeatureMap[] MAPS = {
        RandomFeatures.gaussian(1.0).features("trigonometric").m(8).seed(1).fit(3),
        RandomFeatures.gaussian(0.5).features("positive").m(8).seed(2).fit(3),
        RandomFeatures.softmax().features("positive").m(8).seed(3).fit(3),
        RandomFeatures.softmax().features("trigonometric").m(8).seed(4).fit(3),
        RandomFeatures.gaussian(2.0).features("random-fourier").m(8).seed(5).fit(3),
        RandomFeatures.softmax().features("hyperbolic").m(8).seed(6).fit(3)};

    @Provide
    Arbitrary<float[][]> rows() {
        Arbitrary<Float> entry = Arbitraries.oneOf(
                Arbitraries.floats().between(-2f, 2f),
                Arbitraries.floats().between(-Float.MAX_VALUE, Float.MAX_VALUE),
                Arbitraries.of(3e38f, -3e38f, Float.MAX_VALUE, 1e19f, 1e-45f, 20f, -30f, 0f));
        return entry.array(float[].class).ofSize(3).array(float[][].class).ofMinSize(1).ofMaxSize(4);
    }

    @Property(tries = 500, seed = "26")
    void finiteFeaturesOrARefusal(@ForAll("rows") float[][] x, @ForAll("maps") int which) {
        RandomFeatureMap phi = MAPS[which];
        float[][] f;
        try {
            f = phi.transform(x);
        } catch (RfException e) {
            assertThat(e.getMessage()).isNotBlank().doesNotContain("\n");
            return;
        }
        for (float[] row : f) {
            for (float v : row) {
                assertThat(Float.isFinite(v)).as("finite feature").isTrue();
            }
        }
    }

    @Provide
    Arbitrary<Integer> maps() {
        return Arbitraries.integers().between(0, MAPS.length - 1);
    }
}
