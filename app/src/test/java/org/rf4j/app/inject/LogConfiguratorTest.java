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
package org.rf4j.app.inject;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.ConsoleAppender;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

/** The CLI's logging set-up in code: what the XML file it replaced said, line for line. */
class LogConfiguratorTest {

    @Test
    void warningsAndErrorsGoToStderrAsLevelLoggerMessage() {
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter()); // as SLF4J's provider does for the real context
        LogConfigurator.install(context);
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        assertThat(root.getLevel()).isEqualTo(Level.WARN);
        ConsoleAppender<ILoggingEvent> stderr = (ConsoleAppender<ILoggingEvent>) root.getAppender("STDERR");
        assertThat(stderr).isNotNull();
        assertThat(stderr.getTarget()).isEqualTo("System.err");
        assertThat(((PatternLayoutEncoder) stderr.getEncoder()).getPattern()).isEqualTo("%level %logger{0}: %msg%n");

        // The appender writes to whatever System.err is at the time of each event.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = System.err;
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            context.getLogger("org.rf4j.spi.MechanismRegistry").warn("a plugin JAR was skipped");
            context.getLogger("org.rf4j.spi.MechanismRegistry").info("not shown at WARN");
        } finally {
            System.setErr(err);
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .isEqualTo("WARN MechanismRegistry: a plugin JAR was skipped" + System.lineSeparator());
        context.stop();
    }
}
