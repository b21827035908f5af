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
 * The provider test kit: abstract JUnit 5 contract tests that a mechanism author extends by
 * supplying only the provider (and, optionally, parameters). Every built-in provider runs them,
 * and so should every plugin.
 *
 * <p>Each contract checks the shape of the output, 0-row input, determinism for a seed,
 * rejection of bad parameters, the config round trip, and unbiasedness within a tolerance
 * derived from the Monte Carlo standard error (see {@link org.rf4j.testkit.MonteCarlo}).
 *
 * <p>The kit also holds the test helpers rf4j's own modules share: {@link org.rf4j.testkit.PluginJars}
 * (plugin JARs built as a third party would), {@link org.rf4j.testkit.StandardGaussianCoupling} and
 * {@link org.rf4j.testkit.Specs}.
 */
module org.rf4j.testkit {
    requires static transitive org.apiguardian.api;
    requires transitive org.rf4j.spi;
    requires transitive org.junit.jupiter.api;
    requires transitive org.junit.jupiter.params;
    requires transitive org.assertj.core;

    exports org.rf4j.testkit;

    opens org.rf4j.testkit to org.junit.platform.commons;
}
