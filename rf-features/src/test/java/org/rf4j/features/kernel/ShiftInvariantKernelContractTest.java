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
package org.rf4j.features.kernel;

import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.rf4j.spi.BuiltInKernels;
import org.rf4j.spi.KernelProvider;
import org.rf4j.testkit.KernelContract;

/**
 * The kernel contract for every built-in shift-invariant kernel: each spectral sampler (and for the
 * isotropic ones the radial law and the row scales the couplings use, and for the scale mixtures the
 * mixing law) reproduces the kernel's exact value within the kit's standard-error rule.
 */
class ShiftInvariantKernelContractTest {

    @Nested
    class Gaussian extends KernelContract {
        @Override
        protected KernelProvider provider() {
            return new BuiltInKernels.Gaussian();
        }
    }

    @Nested
    class MaternThreeHalves extends KernelContract {
        @Override
        protected KernelProvider provider() {
            return new ShiftInvariantKernels.MaternProvider();
        }
    }

    @Nested
    class MaternAnyNu extends KernelContract {
        @Override
        protected KernelProvider provider() {
            return new ShiftInvariantKernels.MaternProvider();
        }

        @Override
        protected Map<String, Object> parameters() {
            return Map.of("nu", 0.8, "lengthscale", 2.0);
        }
    }

    @Nested
    class Exponential extends KernelContract {
        @Override
        protected KernelProvider provider() {
            return new ShiftInvariantKernels.ExponentialProvider();
        }
    }

    @Nested
    class RationalQuadratic extends KernelContract {
        @Override
        protected KernelProvider provider() {
            return new ShiftInvariantKernels.RationalQuadraticProvider();
        }

        @Override
        protected Map<String, Object> parameters() {
            return Map.of("alpha", 0.5);
        }
    }

    @Nested
    class Laplacian extends KernelContract {
        @Override
        protected KernelProvider provider() {
            return new ShiftInvariantKernels.LaplacianProvider();
        }
    }
}
