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
package org.rf4j.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.AccessDeniedException;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The exit-code mapping: domain and file errors → 2 (one line), anything else → 1. */
class ExitCodeTest {
    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        private final Exception failure;

        Boom(Exception failure) {
            this.failure = failure;
        }

        @Override
        public Integer call() throws Exception {
            throw failure;
        }
    }

    private static CliRun run(Exception failure) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Rf4j.configure(new CommandLine(new Boom(failure)), new PrintWriter(out), new PrintWriter(err),
                false);
        int code = cl.execute();
        return new CliRun(code, out.toString(), err.toString());
    }

    @Test
    void internalFailureIsOne() {
        CliRun r = run(new IllegalStateException("bug"));
        assertThat(r.code()).isEqualTo(Rf4j.INTERNAL);
        assertThat(r.err()).contains("internal error", "bug", "-v");
    }

    @Test
    void domainAndFileErrorsAreTwo() {
        CliRun r = run(new InvalidParameterException("estimator.m", 0, "an integer >= 1"));
        assertThat(r.code()).isEqualTo(Rf4j.USAGE);
        assertThat(r.err().strip()).isEqualTo("rf4j: parameter 'estimator.m' = 0 is not allowed; allowed: an integer >= 1");
        CliRun f = run(new AccessDeniedException("/x/y.csv"));
        assertThat(f.code()).isEqualTo(Rf4j.USAGE);
        assertThat(f.err()).contains("cannot access /x/y.csv");
    }
}
