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
/**
 * Couplings of the projection vectors (Simplex Random Features paper, Reid et al.): each
 * vector is marginally N(0, I_d); couplings differ in how the vectors depend on each other —
 * iid, orthogonal (ORF), simplex (SimRF), SimRF+, the fast HD-product and Givens variants, and
 * randomised quasi-Monte Carlo (Halton). Providers are registered here and in
 * {@code META-INF/services}. Requires {@code org.rf4j.theory} for its special functions (the
 * inverse normal CDF of the Halton coupling).
 */
module org.rf4j.couplings {
    requires static transitive org.apiguardian.api;
    requires transitive org.rf4j.api;
    requires org.rf4j.spi;
    requires org.rf4j.theory;

    exports org.rf4j.couplings;

    provides org.rf4j.spi.CouplingProvider with
            org.rf4j.couplings.IidCoupling.Provider,
            org.rf4j.couplings.OrthogonalCoupling.Provider,
            org.rf4j.couplings.SimplexCoupling.Provider,
            org.rf4j.couplings.SimplexPlusCoupling.Provider,
            org.rf4j.couplings.HdCoupling.OrthogonalProvider,
            org.rf4j.couplings.HdCoupling.SimplexProvider,
            org.rf4j.couplings.GivensCoupling.Provider,
            org.rf4j.couplings.HaltonCoupling.Provider;
}
