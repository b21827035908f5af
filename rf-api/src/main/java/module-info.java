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
 * The rf4j core API: kernels, dense real and complex matrices, the mechanism interfaces
 * (couplings, projections, feature maps, estimators, λ-coefficient estimators, sampling
 * policies), specs and seeds.
 *
 * <p>Depends on {@code java.base} only, so it embeds anywhere. Data path:
 * {@link org.rf4j.api.mechanism.Coupling} draws a {@link org.rf4j.api.mechanism.Projection};
 * a {@link org.rf4j.api.mechanism.FeatureMap} turns it into drawn
 * {@link org.rf4j.api.mechanism.DrawnFeatures}; a {@link org.rf4j.api.mechanism.DrawnEstimator}
 * pairs the query and key sides with a {@link org.rf4j.api.kernel.Kernel}.
 */
module org.rf4j.api {
    requires static transitive org.apiguardian.api;
    exports org.rf4j.api;
    exports org.rf4j.api.kernel;
    exports org.rf4j.api.linalg;
    exports org.rf4j.api.mechanism;
    exports org.rf4j.api.random;

    // Vectorised inner loops (org.rf4j.vector, needs jdk.incubator.vector) are found at run time;
    // without a provider LinearAlgebra uses its plain-Java kernels.
    uses org.rf4j.api.linalg.VectorKernels;
}
