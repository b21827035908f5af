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
 * Feature maps and the {@code random-features} estimator: trigonometric, random Fourier (random
 * phases), positive (FAVOR+) and
 * hyperbolic maps, and (from the Chefs' Random Tables and HRF papers) GERF, OPRF, discretely
 * induced and complex exponential maps. Providers are registered here and in
 * {@code META-INF/services}. The shift-invariant kernels beyond the Gaussian (Matérn, exponential,
 * Laplacian, rational-quadratic), the arc-cosine, polynomial and χ² kernels and the maps that wire
 * {@code org.rf4j.features.kernelmaps} to them are in {@code org.rf4j.features.kernel}.
 */
module org.rf4j.features {
    requires static transitive org.apiguardian.api;
    requires transitive org.rf4j.api;
    requires org.rf4j.spi;
    requires org.rf4j.theory;

    exports org.rf4j.features;
    exports org.rf4j.features.kernelmaps;
    exports org.rf4j.features.kernel;

    provides org.rf4j.spi.FeatureMapProvider with
            org.rf4j.features.TrigonometricFeatures.Provider,
            org.rf4j.features.RandomFourierFeatures.Provider,
            org.rf4j.features.PositiveFeatures.Provider,
            org.rf4j.features.HyperbolicFeatures.Provider,
            org.rf4j.features.GerfFeatures.Provider,
            org.rf4j.features.OprfFeatures.Provider,
            org.rf4j.features.PoissonFeatures.Provider,
            org.rf4j.features.PoissonFeatures.PlusProvider,
            org.rf4j.features.GeometricFeatures.Provider,
            org.rf4j.features.GeometricFeatures.PlusProvider,
            org.rf4j.features.ComplexExponentialFeatures.Provider,
            org.rf4j.features.kernel.KernelMapFeatureMaps.ArcCosineProvider,
            org.rf4j.features.kernel.KernelMapFeatureMaps.TensorSketchProvider,
            org.rf4j.features.kernel.KernelMapFeatureMaps.RandomMaclaurinProvider,
            org.rf4j.features.kernel.KernelMapFeatureMaps.AdditiveChi2Provider,
            org.rf4j.features.kernel.KernelMapFeatureMaps.SkewedChi2Provider;
    provides org.rf4j.spi.KernelProvider with
            org.rf4j.features.kernel.ShiftInvariantKernels.MaternProvider,
            org.rf4j.features.kernel.ShiftInvariantKernels.ExponentialProvider,
            org.rf4j.features.kernel.ShiftInvariantKernels.LaplacianProvider,
            org.rf4j.features.kernel.ShiftInvariantKernels.RationalQuadraticProvider,
            org.rf4j.features.kernel.NonStationaryKernels.ArcCosineProvider,
            org.rf4j.features.kernel.NonStationaryKernels.PolynomialProvider,
            org.rf4j.features.kernel.NonStationaryKernels.Chi2Provider,
            org.rf4j.features.kernel.NonStationaryKernels.SkewedChi2Provider;
    provides org.rf4j.spi.EstimatorProvider with
            org.rf4j.features.RandomFeaturesEstimator.Provider;
}
