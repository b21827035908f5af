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
 * The rf4j plugin SPI: one provider interface per mechanism kind, parameter schemas validated
 * in one place, and the {@link org.rf4j.spi.MechanismRegistry} that discovers providers with
 * {@link java.util.ServiceLoader} on the module path, the class path and in a plugins directory
 * (each JAR in its own {@link java.lang.ModuleLayer}).
 *
 * <p>Built-in providers register exactly like third-party ones: {@code provides ... with ...} in
 * their module-info and a {@code META-INF/services} file.
 */
module org.rf4j.spi {
    requires static transitive org.apiguardian.api;
    requires transitive org.rf4j.api;
    requires org.slf4j;

    exports org.rf4j.spi;

    uses org.rf4j.spi.KernelProvider;
    uses org.rf4j.spi.CouplingProvider;
    uses org.rf4j.spi.FeatureMapProvider;
    uses org.rf4j.spi.LambdaEstimatorProvider;
    uses org.rf4j.spi.SamplingPolicyProvider;
    uses org.rf4j.spi.EstimatorProvider;

    provides org.rf4j.spi.KernelProvider with
            org.rf4j.spi.BuiltInKernels.Gaussian,
            org.rf4j.spi.BuiltInKernels.Softmax;
}
