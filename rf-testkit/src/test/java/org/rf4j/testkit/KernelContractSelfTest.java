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
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.GaussianScaleMixture;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.KernelProvider;
import org.rf4j.spi.ParameterSchema;
import org.rf4j.spi.Parameters;

/**
 * The kit's own tests for {@link KernelContract}: a plugin-style Cauchy kernel
 * {@code 1/(1 + r²/2)} (a scale mixture of Gaussians with precision τ ~ Exp(1)) passes, and the
 * same kernel whose sampler forgets the mixing law (τ = 1: Gaussian spectral vectors, χ_d norms) is
 * caught by every check that draws from the law.
 */
class KernelContractSelfTest {

    /** The Cauchy kernel with a mixing law given by {@code tau}. */
    private record Cauchy(String id, Mixing tau) implements Kernel, GaussianScaleMixture {
        @Override
        public Spec spec() {
            return Spec.of(id);
        }

        @Override
        public double inputScale() {
            return 1.0;
        }

        @Override
        public double unitValue(double[] x, double[] y) {
            return radialValue(org.rf4j.api.kernel.Isotropic.distance(x, y));
        }

        @Override
        public double radialValue(double r) {
            return 1.0 / (1.0 + 0.5 * r * r);
        }

        @Override
        public double mixingPrecision(RandomGenerator rng) {
            return tau.draw(rng);
        }
    }

    @FunctionalInterface
    private interface Mixing {
        double draw(RandomGenerator rng);
    }

    private record Plugin(String id, Mixing tau) implements KernelProvider {
        @Override
        public ParameterSchema schema() {
            return ParameterSchema.of();
        }

        @Override
        public String description() {
            return "self-test kernel " + id;
        }

        @Override
        public Kernel create(Parameters parameters, BuildContext context) {
            return new Cauchy(id, tau);
        }
    }

    private static KernelContract contract(String id, Mixing tau) {
        Plugin p = new Plugin(id, tau);
        return new KernelContract() {
            @Override
            protected KernelProvider provider() {
                return p;
            }
        };
    }

    @Test
    void aCorrectPluginKernelPassesEveryCheck() {
        KernelContract c = contract("cauchy", rng -> -Math.log(1.0 - rng.nextDouble()));
        c.idIsWellFormed();
        c.schemaIsConsistentAndDescribed();
        c.aShiftInvariantKernelIsOneOnTheDiagonalSymmetricAndInvariantToShifts();
        c.theSpectralSamplerReproducesTheExactValue();
        c.anIsotropicKernelsRadialLawAndRowScalesReproduceTheExactValue();
        c.aGaussianScaleMixturesMixingLawReproducesTheRadialProfile();
        c.theSamplerIsDeterministicInTheSeed();
    }

    @Test
    void aSamplerFromTheWrongLawIsCaught() {
        KernelContract c = contract("cauchy-wrong-law", rng -> 1.0);
        // the exact value itself is fine ...
        c.aShiftInvariantKernelIsOneOnTheDiagonalSymmetricAndInvariantToShifts();
        // ... but every draw from the law misses it
        assertThatThrownBy(c::theSpectralSamplerReproducesTheExactValue).isInstanceOf(AssertionError.class)
                .hasMessageContaining("E[cos(w.D)]");
        assertThatThrownBy(c::anIsotropicKernelsRadialLawAndRowScalesReproduceTheExactValue)
                .isInstanceOf(AssertionError.class).hasMessageContaining("row scales");
        assertThatThrownBy(c::aGaussianScaleMixturesMixingLawReproducesTheRadialProfile)
                .isInstanceOf(AssertionError.class).hasMessageContaining("E[exp(-tau r^2/2)]");
    }
}
