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
package org.rf4j.theory.special;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * {@code K_ν(x)} against mpmath ({@code besselk} at 40 digits) across both branches (Temme's
 * series below x = 2, Steed's continued fraction from 2), integer, half-integer and fractional
 * orders, orders that need the forward recurrence, and values from 1e230 down to 1e-262.
 * A wrong reciprocal-Gamma coefficient, a wrong branch or a wrong recurrence step moves some
 * value far beyond the 1e-13 relative tolerance.
 */
class BesselKTest {
    /** {ν, x, K_ν(x)} from mpmath. */
    private static final double[][] REFERENCE = {
        {0, 0.001, 7.0236888005623813228},
        {0, 0.1, 2.4270690247020165578},
        {0, 1, 0.42102443824070833334},
        {0, 1.99, 0.11530176755177679973},
        {0, 2, 0.11389387274953343565},
        {0, 5, 0.0036910983340425942747},
        {0, 30, 2.1324774964630563712e-14},
        {0, 600, 1.3558285309948524376e-262},
        {0.3, 0.001, 14.406547529041027179},
        {0.3, 0.1, 2.8050564750215722063},
        {0.3, 1, 0.43507602420880202329},
        {0.3, 1.99, 0.1174807272976591268},
        {0.3, 2, 0.11603697434811925836},
        {0.3, 5, 0.003721669328873425497},
        {0.3, 30, 2.1356270283260948772e-14},
        {0.3, 600, 1.3559301373528982476e-262},
        {0.5, 0.001, 39.593659513116643201},
        {0.5, 0.1, 3.5861668387972600251},
        {0.5, 1, 0.46106850444789455844},
        {0.5, 1.99, 0.12144716500272216503},
        {0.5, 2, 0.11993777196806144737},
        {0.5, 5, 0.0037766133746428825595},
        {0.5, 30, 2.1412375659560113993e-14},
        {0.5, 600, 1.3561107896693110859e-262},
        {1, 0.001, 999.99623815608555346},
        {1, 0.1, 9.8538447808706055744},
        {1, 1, 0.60190723019723457474},
        {1, 1.99, 0.14171756162240130702},
        {1, 2, 0.13986588181652242728},
        {1, 5, 0.0040446134454521642084},
        {1, 30, 2.1677320018915494249e-14},
        {1, 600, 1.3569579181128060869e-262},
        {1.5, 0.001, 39633.25317262975902},
        {1.5, 0.1, 39.447835226769858285},
        {1.5, 1, 0.92213700889578911688},
        {1.5, 1.99, 0.18247589113474335377},
        {1.5, 2, 0.17990665795209217105},
        {1.5, 5, 0.0045319360495714590714},
        {1.5, 30, 2.2126121514878784459e-14},
        {1.5, 600, 1.3583709743187599377e-262},
        {2.7, 0.001, 631816692.67201611671},
        {2.7, 0.1, 2511.6154265701151298},
        {2.7, 1, 4.3742418261911640397},
        {2.7, 1.99, 0.48175160391427545531},
        {2.7, 2, 0.47323192055328012208},
        {2.7, 5, 0.0071262487556333315595},
        {2.7, 30, 2.4030878842059365122e-14},
        {2.7, 600, 1.3640833517418720554e-262},
        {10.25, 0.001, 2.1887006285065998016e+39},
        {10.25, 0.1, 6919408956754446615.9},
        {10.25, 1, 378850458.5143654026},
        {10.25, 1.99, 302521.10555923368238},
        {10.25, 2, 287064.74234743344861},
        {10.25, 5, 13.901454760652625152},
        {10.25, 30, 1.1764975485852835608e-13},
        {10.25, 600, 1.4797747283388325317e-262},
        {50.5, 0.001, 1.0801621009601269715e+230},
        {50.5, 0.1, 1.0801075541797481102e+129},
        {50.5, 1, 3.3985655066338027374e+78},
        {50.5, 1.99, 2.7084714364848440914e+63},
        {50.5, 2, 2.1023371120197150116e+63},
        {50.5, 5, 1.5161413157094605905e+43},
        {50.5, 30, 111.49972577909085193},
        {50.5, 600, 1.1320412707216042214e-261},
    };

    /** {ν, x, ln K_ν(x)} from mpmath, where K_ν itself over- or underflows. */
    private static final double[][] LOG_REFERENCE = {
        {200, 0.001, 2377.4210145524576782},
        {200, 1.0, 995.86870247986494638},
        {0.7, 10000.0, -10004.379366833943306},
        {120.5, 50, 61.728882860475992317},
    };

    @Test
    void matchesMpmathToThirteenDigits() {
        for (double[] r : REFERENCE) {
            assertThat(Bessel.besselK(r[0], r[1])).as("K_%s(%s)", r[0], r[1])
                    .isCloseTo(r[2], within(1e-13 * r[2]));
            assertThat(Bessel.besselK(-r[0], r[1])).as("K is even in nu").isEqualTo(Bessel.besselK(r[0], r[1]));
            assertThat(Bessel.logBesselK(r[0], r[1])).isCloseTo(Math.log(r[2]), within(1e-13 * Math.max(1, Math.abs(Math.log(r[2])))));
        }
    }

    @Test
    void logFormStaysFiniteBeyondTheDoubleRange() {
        for (double[] r : LOG_REFERENCE) {
            assertThat(Bessel.logBesselK(r[0], r[1])).as("ln K_%s(%s)", r[0], r[1])
                    .isCloseTo(r[2], within(1e-13 * Math.abs(r[2])));
        }
        assertThat(Bessel.besselK(200, 1e-3)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(Bessel.besselK(0.7, 1e4)).isEqualTo(0.0);
    }

    @Test
    void halfIntegerOrdersAreElementary() {
        // K_{1/2}(x) = √(π/(2x))e^{−x}, K_{3/2}(x) = K_{1/2}(x)(1 + 1/x): exact identities on a fine grid
        for (double x = 0.01; x < 50; x *= 1.37) {
            double half = Math.sqrt(Math.PI / (2 * x)) * Math.exp(-x);
            assertThat(Bessel.besselK(0.5, x)).isCloseTo(half, within(2e-14 * half));
            assertThat(Bessel.besselK(1.5, x)).isCloseTo(half * (1 + 1 / x), within(2e-14 * half * (1 + 1 / x)));
        }
    }

    @Test
    void edgesAreDefined() {
        assertThat(Bessel.besselK(1.3, 0)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(Bessel.besselK(1.3, Double.POSITIVE_INFINITY)).isEqualTo(0.0);
        assertThat(Bessel.besselK(1.3, -1)).isNaN();
        assertThat(Bessel.besselK(Double.NaN, 1)).isNaN();
        assertThat(Bessel.logBesselK(1.3, 0)).isEqualTo(Double.POSITIVE_INFINITY);
    }
}
