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
 * Hybrid random features (Choromanski et al., "Hybrid Random Features", ICLR 2022): the general
 * HRF estimator of Eq. 8, linearised into explicit feature maps Ψ₁, Ψ₂ (Lemma 2.3) so every
 * consumer of {@link org.rf4j.api.mechanism.DrawnFeatures} works unchanged; the λ-coefficient
 * estimators (angular, Gaussian, normalised bipolar Gaussian, cluster indicators); and the
 * clustering hybrid of App. H. Providers are registered here and in {@code META-INF/services}.
 */
module org.rf4j.hybrid {
    requires static transitive org.apiguardian.api;
    requires transitive org.rf4j.api;
    requires org.rf4j.spi;
    requires org.rf4j.theory;
    requires org.rf4j.features;

    exports org.rf4j.hybrid;

    provides org.rf4j.spi.EstimatorProvider with
            org.rf4j.hybrid.HybridEstimator.Provider,
            org.rf4j.hybrid.ClusteringHybridEstimator.Provider;
    provides org.rf4j.spi.LambdaEstimatorProvider with
            org.rf4j.hybrid.AngularLambda.Provider,
            org.rf4j.hybrid.GaussianLambda.Provider,
            org.rf4j.hybrid.BipolarGaussianLambda.Provider,
            org.rf4j.hybrid.ClusterLambda.Provider;
}
