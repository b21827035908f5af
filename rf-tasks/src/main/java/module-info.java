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
 * rf4j applications and evaluation: kernel regression / nonparametric classification with
 * random features beside the exact kernel, Gram matrix approximation, pointwise Monte Carlo
 * studies with their closed forms, Performer attention against exact attention, and the evaluation harness with its table and self-contained
 * HTML/SVG report. Estimators are built through the plugin registry, so every registered
 * mechanism (built-in or plugin) can be evaluated. Bundles the Iris data set as a resource.
 */
module org.rf4j.tasks {
    requires static transitive org.apiguardian.api;
    requires transitive org.rf4j.api;
    requires transitive org.rf4j.spi;
    requires transitive org.rf4j;
    requires org.rf4j.theory;
    requires transitive org.rf4j.attention;

    exports org.rf4j.tasks;
    exports org.rf4j.tasks.report;
}
