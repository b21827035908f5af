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

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** I₀, ln I₀ and I₁/I₀ against mpmath reference values (30 digits, rounded to 20). */
class BesselTest {

    @ParameterizedTest
    @CsvSource({
        "0, 1.0, 0.0, 0.0",
        "0.001, 1.000000250000015625, 2.4999998437500174652e-7, 0.00049999993750001042707",
        "0.5, 1.0634833707413235193, 0.061549719185481303941, 0.24249961258080194535",
        "1, 1.2660658777520083356, 0.23591435850717864869, 0.44638996589653450705",
        "5, 27.239871823604446895, 3.3046817758225334338, 0.89338313704408522159",
        "10, 2815.7166284662544715, 7.9429720831186955545, 0.94859982595484595897",
        "29.9, 708478330489.01452607, 27.28638531055509432, 0.98313283326580568512",
        "30.1, 862432920031.77921249, 27.483023208951183233, 0.98324589715371097654",
        "50, 2.9325537838493363267e+20, 47.127575501871804584, 0.98994896737849775259",
        "100, 1.0737517071310738235e+42, 96.779732689942583717, 0.99498737300516876559",
        "700, 1.5295933476718737363e+302, 695.80569999844344908, 0.99928545881842609327",
    })
    void matchesReferenceValues(double z, double i0, double logI0, double ratio) {
        assertThat(Bessel.i0(z)).isCloseTo(i0, within(1e-14 * i0));
        assertThat(Bessel.i0(-z)).isEqualTo(Bessel.i0(z));
        assertThat(Bessel.logI0(z)).isCloseTo(logI0, within(4e-15 * Math.max(1e-300, Math.abs(logI0)) + 1e-300));
        assertThat(Bessel.i1OverI0(z)).isCloseTo(ratio, within(4e-15));
    }

    @ParameterizedTest
    @CsvSource({"10000, 9994.475903781432301", "1000000, 999992.17330631281325"})
    void logI0IsFiniteAndAccurateForHugeArguments(double z, double logI0) {
        assertThat(Bessel.logI0(z)).isCloseTo(logI0, within(2e-15 * logI0));
        assertThat(Bessel.i0(z)).isEqualTo(Double.POSITIVE_INFINITY);
    }
}
