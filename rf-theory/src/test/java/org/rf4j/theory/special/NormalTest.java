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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;

/** Reference quantiles from mpmath ({@code sqrt(2)·erfinv(2p−1)}) at 40 digits. */
class NormalTest {
    @Test
    void inverseCdfMatchesReferenceQuantiles() {
        double[][] ref = {
            {1e-10, -6.361340902404056204695376}, {0.025, -1.959963984540054235524594},
            {0.3, -0.5244005127080407840382893}, {0.9, 1.281551565544600466965103},
            {1e-6, -4.753424308822898948193988}, {0.5, 0},
        };
        for (double[] r : ref) {
            assertEquals(r[1], Normal.inverseCdf(r[0]), 2e-15 * Math.max(1, Math.abs(r[1])), "p = " + r[0]);
        }
    }

    @Test
    void cdfIsAccurateInTheTailAndInvertsTheQuantile() {
        assertEquals(4.906713927148187059533809e-198, Normal.cdf(-30), 1e-13 * 4.9e-198);
        for (double p = 1e-12; p < 1; p = p < 0.5 ? p * 7 : 1 - (1 - p) / 7) {
            double x = Normal.inverseCdf(p);
            double q = p < 0.5 ? p : 1 - p;
            double tail = p < 0.5 ? Normal.cdf(x) : Normal.cdf(-x);
            assertEquals(q, tail, 1e-13 * q, "round trip at p = " + p);
            if (1 - p < 1e-12) {
                break;
            }
        }
        assertThrows(InvalidParameterException.class, () -> Normal.inverseCdf(0));
        assertThrows(InvalidParameterException.class, () -> Normal.inverseCdf(1));
        assertThrows(InvalidParameterException.class, () -> Normal.inverseCdf(Double.NaN));
    }

    @Test
    void upperTailIsTheMirrorImage() {
        assertEquals(-Normal.inverseCdf(1e-6), Normal.inverseCdf(1 - 1e-6), 1e-9);
    }

    @Test
    void erfcMatchesClosedValues() {
        assertEquals(1.0, Normal.erfc(0), 0);
        assertEquals(2.0, Normal.erfc(-40), 0);
        assertEquals(0.8875370839817151066339555, Normal.erfc(0.1), 1e-15);
    }

    @Test
    void tanhSinhIntegratesEndpointPeakedFunctions() {
        Quadrature q = Quadrature.tanhSinh(0, 0.5 * Math.PI, 1.0 / 128);
        // ∫_0^{π/2} sin^{n} = √π Γ((n+1)/2) / (2 Γ(n/2 + 1))
        // references √π Γ((n+1)/2) / (2 Γ(n/2 + 1)) from mpmath at 40 digits
        double[][] ref = {{1, 1.0}, {2, Math.PI / 4}, {7, 16.0 / 35}, {63, 0.1572774087781379695640584},
            {1023, 0.03917562998494908843361161}};
        for (double[] r : ref) {
            double got = q.integrate(x -> Math.pow(Math.sin(x), r[0]));
            assertEquals(r[1], got, 2e-14 * r[1], "n = " + r[0]);
        }
    }
}
