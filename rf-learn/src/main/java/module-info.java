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
 * Learning on random features: kernel ridge regression and one-vs-rest ridge classification on any
 * feature map ({@link org.rf4j.learn.RidgeTrainer}, {@link org.rf4j.learn.RidgeModel}), exact kernel
 * ridge regression as the reference ({@link org.rf4j.learn.ExactKernelRidge}), Nyström features
 * (feature map {@code nystroem}, {@link org.rf4j.learn.Nystroem}) and Gaussian-process regression
 * ({@link org.rf4j.learn.GaussianProcess}). A fitted model is a value saved as JSON and loaded bit-identically.
 */
module org.rf4j.learn {
    requires static transitive org.apiguardian.api;
    requires transitive org.rf4j;
    requires com.fasterxml.jackson.databind;

    exports org.rf4j.learn;

    provides org.rf4j.spi.FeatureMapProvider with org.rf4j.learn.NystroemFeatures.Provider;
}
