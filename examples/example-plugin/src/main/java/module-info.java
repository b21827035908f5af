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
 * The rf4j example plugin: a worked example of a third-party mechanism JAR (see
 * {@code docs/plugin-guide.md}). It needs only the SPI ({@code org.rf4j.spi}, which brings
 * {@code org.rf4j.api} transitively) and contributes one mechanism of three kinds:
 *
 * <ul>
 *   <li>coupling {@code antithetic}: pairs {@code (w, −w)} of Gaussian projections;</li>
 *   <li>feature map {@code random-phase}: {@code √2·cos(wᵀx + b)} with a uniform random phase b;</li>
 *   <li>λ estimator {@code constant}: a fixed mixing coefficient for hybrids.</li>
 * </ul>
 *
 * <p>Every provider is registered twice, as the SPI requires: here with {@code provides} (found
 * when the JAR is a module: plugins directory, module path) and in {@code META-INF/services}
 * (found when the JAR is on the class path).
 */
module com.example.rf4j.plugin {
    requires transitive org.rf4j.spi;

    exports com.example.rf4j.plugin;

    provides org.rf4j.spi.CouplingProvider with
            com.example.rf4j.plugin.AntitheticCoupling.Provider;
    provides org.rf4j.spi.FeatureMapProvider with
            com.example.rf4j.plugin.RandomPhaseFeatures.Provider;
    provides org.rf4j.spi.KernelProvider with
            com.example.rf4j.plugin.TwoScaleGaussianKernel.Provider;
    provides org.rf4j.spi.LambdaEstimatorProvider with
            com.example.rf4j.plugin.ConstantLambda.Provider;
}
