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
 * Importance sampling of the projections (Sernau, Bonacina &amp; Saurous, "All Random Features
 * Representations are Equivalent"): the {@code standard} policy (ω ~ N(0, I), weight 1) and the
 * data-driven {@code optimal} policy (a Gaussian proposal fitted to Theorem 1's optimum
 * p_Ω·q_φ, with exact weights p_Ω/p_Ψ). Providers are registered here and in
 * {@code META-INF/services}.
 */
module org.rf4j.sampling {
    requires static transitive org.apiguardian.api;
    requires transitive org.rf4j.api;
    requires transitive org.rf4j.theory;
    requires org.rf4j.spi;

    exports org.rf4j.sampling;

    provides org.rf4j.spi.SamplingPolicyProvider with
            org.rf4j.sampling.StandardSampling.Provider,
            org.rf4j.sampling.OptimalSampling.Provider;
}
