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
package org.rf4j.testkit;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.Checks;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.CouplingProvider;
import org.rf4j.spi.ParameterSchema;
import org.rf4j.spi.Parameters;

/**
 * The kit's own tests: a correct third-party coupling passes {@link CouplingContract}, and planted
 * faults a plugin author could make are rejected by the check that claims to see them. The
 * fixed-norm coupling (every vector of norm √d, a uniform direction) has the right second moments
 * and passed all ten earlier contract checks, while biasing every exponential kernel estimate.
 */
class CouplingContractSelfTest {

    /** A plugin-style provider around a row sampler. */
    private record Plugin(String id, RowSampler rows) implements CouplingProvider {
        @Override
        public ParameterSchema schema() {
            return ParameterSchema.of();
        }

        @Override
        public String description() {
            return "self-test coupling " + id;
        }

        @Override
        public Coupling create(Parameters parameters, BuildContext context) {
            String name = id;
            RowSampler sampler = rows;
            return new Coupling() {
                @Override
                public Spec spec() {
                    return Spec.of(name);
                }

                @Override
                public Projection draw(int m, int d, RandomGenerator rng) {
                    Checks.positive("m", m);
                    Matrix w = Matrix.zeros(m, d);
                    for (int i = 0; i < m; i++) {
                        sampler.fill(w.data(), i * d, d, rng);
                    }
                    return new DenseProjection(w);
                }
            };
        }
    }

    @FunctionalInterface
    private interface RowSampler {
        void fill(double[] out, int offset, int d, RandomGenerator rng);
    }

    private static void gaussian(double[] out, int offset, int d, RandomGenerator rng) {
        for (int k = 0; k < d; k++) {
            out[offset + k] = rng.nextGaussian();
        }
    }

    /** A uniform direction with norm √d. */
    private static void fixedNorm(double[] out, int offset, int d, RandomGenerator rng) {
        gaussian(out, offset, d, rng);
        double s = 0;
        for (int k = 0; k < d; k++) {
            s += out[offset + k] * out[offset + k];
        }
        double f = Math.sqrt(d / s);
        for (int k = 0; k < d; k++) {
            out[offset + k] *= f;
        }
    }

    /** χ_d norms along a random signed coordinate axis: right norm law, wrong direction law. */
    private static void axisDirections(double[] out, int offset, int d, RandomGenerator rng) {
        double s = 0;
        for (int k = 0; k < d; k++) {
            double g = rng.nextGaussian();
            s += g * g;
            out[offset + k] = 0;
        }
        out[offset + rng.nextInt(d)] = (rng.nextBoolean() ? 1 : -1) * Math.sqrt(s);
    }

    private static CouplingContract contract(String id, RowSampler rows) {
        Plugin p = new Plugin(id, rows);
        return new CouplingContract() {
            @Override
            protected CouplingProvider provider() {
                return p;
            }
        };
    }

    @Test
    void aCorrectPluginPassesEveryCheck() {
        CouplingContract c = contract("gaussian", CouplingContractSelfTest::gaussian);
        c.idIsWellFormed();
        c.schemaIsConsistentAndDescribed();
        c.specRoundTrips();
        c.unknownParameterIsRejectedNamingTheKey();
        c.outOfRangeAndMistypedValuesAreRejected();
        c.drawsTheRequestedShape();
        c.appliesToEmptyAndNonEmptyBatchesConsistentlyWithItsMatrix();
        c.isDeterministicForASeed();
        c.rejectsNonPositiveCount();
        c.vectorsAreMarginallyStandardGaussian();
        c.squaredNormsAreChiSquared();
        c.directionsAreUniformOnTheSphere();
        c.exponentialMomentIsUnbiasedAtALargeNorm();
    }

    @Test
    void fixedNormsAreRejected() {
        CouplingContract c = contract("fixed-norm", CouplingContractSelfTest::fixedNorm);
        // the earlier checks cannot see it ...
        c.vectorsAreMarginallyStandardGaussian();
        c.directionsAreUniformOnTheSphere();
        // ... these must
        assertThatThrownBy(c::squaredNormsAreChiSquared).isInstanceOf(AssertionError.class)
                .hasMessageContaining("Var|w|²");
        assertThatThrownBy(c::exponentialMomentIsUnbiasedAtALargeNorm).isInstanceOf(AssertionError.class)
                .hasMessageContaining("|x| = 1.5");
    }

    @Test
    void axisDirectionsAreRejected() {
        CouplingContract c = contract("axes", CouplingContractSelfTest::axisDirections);
        c.squaredNormsAreChiSquared();
        assertThatThrownBy(c::directionsAreUniformOnTheSphere).isInstanceOf(AssertionError.class)
                .hasMessageContaining("⁴");
    }
}
