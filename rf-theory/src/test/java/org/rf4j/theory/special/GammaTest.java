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

/** Reference values computed with mpmath at 40 digits. */
class GammaTest {
    private static void close(double expected, double actual, double rel) {
        assertEquals(expected, actual, rel * Math.max(1, Math.abs(expected)), () -> "expected " + expected + " got " + actual);
    }

    @Test
    void logGammaMatchesReferenceValues() {
        close(0.5723649429247000870717137, Gamma.logGamma(0.5), 4e-16);
        close(2.252712651734205959869702, Gamma.logGamma(0.1), 4e-16);
        close(0.985420646927767127141441, Gamma.logGamma(1.0 / 3), 4e-16);
        close(0.2846828704729191596324947, Gamma.logGamma(2.5), 4e-16);
        close(7.147892523022249032777057, Gamma.logGamma(7.3), 4e-16);
        // near the zeros at 1 and 2 the accuracy is relative to the small value (exact inputs 1 + 2^-30, 2 + 2^-30)
        double e = Math.scalb(1.0, -30);
        assertEquals(-5.375739784311044456894989e-10, Gamma.logGamma(1 + e), 1e-15 * 5.4e-10);
        assertEquals(3.937485957506932012105638e-10, Gamma.logGamma(2 + e), 1e-15 * 3.9e-10);
        close(26.53691449111561362395295, Gamma.logGamma(15.5), 4e-16);
        close(359.134205369575398776044, Gamma.logGamma(100), 4e-16);
        close(5905.220423209181211826077, Gamma.logGamma(1000), 4e-16);
        close(6.907178885383853682512345, Gamma.logGamma(1e-3), 4e-16);
        assertEquals(0.0, Gamma.logGamma(1));
        assertEquals(0.0, Gamma.logGamma(2));
    }

    @Test
    void gammaOfIntegersIsExactAndHalfIntegersMatchSqrtPi() {
        assertEquals(362880.0, Gamma.gamma(10));
        assertEquals(1.0, Gamma.gamma(1));
        assertEquals(Math.sqrt(Math.PI) / 2, Gamma.gamma(1.5), 4e-16);
        assertEquals(3 * Math.sqrt(Math.PI) / 4, Gamma.gamma(2.5), 8e-16);
    }

    @Test
    void regularizedIncompleteGammaMatchesReferenceAndIdentities() {
        close(0.361430076896204909880923, Gamma.regularizedP(2.5, 1.7), 1e-15);
        assertEquals(0.0002214766382487835812209146, Gamma.regularizedQ(10, 25), 1e-14 * 0.00022);
        assertEquals(0.8875370839817151066339555, Gamma.regularizedQ(0.5, 0.01), 1e-15);
        assertEquals(0.0005188914625480342925750474, Gamma.regularizedP(50, 30), 1e-13 * 0.0005);
        for (double x : new double[] {0.01, 0.5, 2, 7, 40}) {
            assertEquals(-Math.expm1(-x), Gamma.regularizedP(1, x), 2e-16, "P(1,x) = 1 - e^-x at " + x);
            assertEquals(1.0, Gamma.regularizedP(3.3, x) + Gamma.regularizedQ(3.3, x), 1e-15);
        }
        assertEquals(1 - Math.exp(-0.5 * 4), Gamma.chiCdf(2, 2.0), 1e-15, "chi_2 CDF = 1 - e^{-r²/2}");
    }

    @Test
    void badArgumentsAreRejected() {
        assertThrows(InvalidParameterException.class, () -> Gamma.logGamma(0));
        assertThrows(InvalidParameterException.class, () -> Gamma.logGamma(Double.NaN));
        assertThrows(InvalidParameterException.class, () -> Gamma.regularizedP(-1, 1));
        assertThrows(InvalidParameterException.class, () -> Gamma.regularizedQ(1, -1));
        assertThrows(InvalidParameterException.class, () -> Gamma.chiCdf(0, 1));
    }
}
