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
 * rf4j's evaluation harness: each mechanism beside the exact kernel on Gram matrix approximation,
 * pointwise Monte Carlo studies with their closed forms, nonparametric classification, kernel ridge
 * regression / classification (the {@code ridge} task, on rf-learn) and Performer attention against
 * exact attention, with the result table and a self-contained HTML/SVG report. Estimators are built
 * through the plugin registry, so every registered mechanism (built-in or plugin) can be evaluated.
 * Bundles the Iris and breast-cancer data sets as resources.
 */
module org.rf4j.evaluation {
    requires static transitive org.apiguardian.api;
    requires transitive org.rf4j.api;
    requires transitive org.rf4j.spi;
    requires transitive org.rf4j;
    requires transitive org.rf4j.learn;
    requires org.rf4j.theory;
    requires transitive org.rf4j.attention;

    exports org.rf4j.evaluation;
    exports org.rf4j.evaluation.report;
}
