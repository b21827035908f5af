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
 * The rf4j command-line application: {@code rf4j mechanisms}, {@code estimate}, {@code transform},
 * {@code evaluate}, {@code fit}, {@code predict}, {@code advise} and the rest. The only module that
 * uses Guice, picocli and logback; the library modules stay free of them (the front door
 * {@code org.rf4j} and rf-learn use Jackson for configs and models).
 *
 * <ul>
 *   <li>{@code org.rf4j.app} — the entry point ({@link org.rf4j.app.Main}, {@link org.rf4j.app.Rf4j}).</li>
 *   <li>{@code org.rf4j.app.inject} — Guice modules: the mechanism registry and one
 *       {@code MapBinder} of providers per mechanism kind, keyed by id.</li>
 *   <li>{@code org.rf4j.app.cli} — one picocli command class per subcommand, created by Guice.</li>
 * </ul>
 *
 * <p>Mechanism providers are found by service binding: {@code org.rf4j.spi} declares the
 * {@code uses}, so every module on the module path that {@code provides} one is resolved.
 */
module org.rf4j.app {
    requires org.rf4j.spi;
    requires org.rf4j.api;
    requires org.rf4j.theory;
    requires org.rf4j.evaluation;
    requires org.rf4j.attention;
    requires org.rf4j.bench;
    requires org.rf4j;
    requires org.rf4j.io;
    requires org.rf4j.learn;

    requires com.google.guice;
    // Guice 7 is an automatic module; the explicit modules it needs at run time are required here
    // so that they are resolved on the module path.
    requires com.google.common;
    requires jakarta.inject;
    requires info.picocli;
    requires com.fasterxml.jackson.databind;
    requires org.slf4j;
    requires ch.qos.logback.classic;
    requires ch.qos.logback.core;

    exports org.rf4j.app;

    // picocli reads the command annotations and sets option fields; Guice calls constructors and
    // @Provides methods.
    opens org.rf4j.app.cli to info.picocli, com.google.guice;
    opens org.rf4j.app.inject to com.google.guice;

    // Plugins that need more than a factory contribute Guice modules as services (see
    // org.rf4j.app.inject.GuiceContributions): found in the plugins directory's layers and here.
    uses com.google.inject.Module;

    // Logging is set up in code (no XML to parse at start-up).
    provides ch.qos.logback.classic.spi.Configurator with org.rf4j.app.inject.LogConfigurator;
}
