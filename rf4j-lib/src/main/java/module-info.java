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
 * rf4j as a library: the front door {@link org.rf4j.RandomFeatures} (a builder: kernel, coupling,
 * feature map, m, seed, then {@code fit}) and the fitted, drawn {@link org.rf4j.RandomFeatureMap}
 * ({@code transform}, {@code transformKeys} in double or, on the optional float path, in float;
 * {@code gram}, {@code apply}, {@code toConfig}); the
 * JSON config contract shared with the CLI ({@code org.rf4j.config}); Performer attention from the
 * same builder. Guice-free: works on the module path, the class path and in the curated jlink image.
 *
 * <p>The built-in mechanism modules are required so that one dependency (and one
 * {@code --add-modules org.rf4j}) brings them all; plugins are found by service binding.
 */
module org.rf4j {
    requires static transitive org.apiguardian.api;
    requires transitive org.rf4j.api;
    requires transitive org.rf4j.spi;
    requires org.rf4j.theory;
    requires org.rf4j.couplings;
    requires org.rf4j.features;
    requires org.rf4j.hybrid;
    requires org.rf4j.sampling;
    requires transitive org.rf4j.attention;
    requires transitive org.rf4j.io;
    requires com.fasterxml.jackson.databind;
    requires org.slf4j;

    exports org.rf4j;
    exports org.rf4j.config;
    exports org.rf4j.advise;
}
