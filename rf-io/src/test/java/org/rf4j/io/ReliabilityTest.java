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
package org.rf4j.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.api.Matrix;

/** Writers never overwrite an input, stale temp files are swept, and malformed .npy headers are named. */
class ReliabilityTest {
    @TempDir
    Path dir;

    private static final Matrix M = Matrix.wrap(2, 2, new double[] {1, 2, 3, 4});

    @Test
    void aWriterRefusesADeclaredInputByAnyPath() throws IOException {
        Path in = Files.writeString(dir.resolve("in.csv"), "a,b\n1,2\n");
        Path link = dir.resolve("link.csv");
        Path hard = dir.resolve("hard.csv");
        Path dotted = dir.resolve("sub").resolve("..").resolve("in.csv");
        Files.createDirectory(dir.resolve("sub"));
        boolean links = true;
        try {
            Files.createSymbolicLink(link, in);
            Files.createLink(hard, in);
        } catch (UnsupportedOperationException | IOException e) {
            links = false;
        }
        try (InputFiles.Scope s = InputFiles.declare("--input", in)) {
            for (Path target : links ? List.of(in, link, hard, dotted) : List.of(in, dotted)) {
                assertThatThrownBy(() -> DataFiles.write(target, M, List.of("a", "b")))
                        .isInstanceOf(DataFormatException.class)
                        .hasMessageContaining("is the same file as --input " + in)
                        .hasMessageContaining("never overwritten");
                assertThatThrownBy(() -> InputFiles.requireNotAnInput("--output", target))
                        .hasMessageStartingWith("--output " + target + " is the same file as --input");
            }
            DataFiles.write(dir.resolve("other.csv"), M, List.of("a", "b"));
        }
        assertThat(Files.readString(in)).isEqualTo("a,b\n1,2\n");
        // after the scope, writing it is allowed again
        DataFiles.write(in, M, List.of("a", "b"));
        assertThat(Files.readString(in)).startsWith("a,b\n1,2\n3,4");
    }

    /**
     * The refusal comes when the writer opens, not only when it commits: no temporary file is
     * created, and a streaming writer never produces a row. The commit-time check alone would
     * let a run compute (and stage on disk) its whole output first; without the open-time check
     * in {@link AtomicFile#open} every assertion here fails.
     */
    @Test
    void anInputIsRefusedWhenTheWriterOpensBeforeAnyTemporaryFileOrRow() throws IOException {
        Path in = Files.writeString(dir.resolve("in.csv"), "a,b\n1,2\n");
        Path npy = Files.write(dir.resolve("in.npy"), new byte[] {1, 2, 3});
        int[] rows = {0};
        try (InputFiles.Scope s = InputFiles.declare("--input", in);
                InputFiles.Scope t = InputFiles.declare("--input", npy)) {
            assertThatThrownBy(() -> AtomicFile.open(in)).isInstanceOf(DataFormatException.class)
                    .hasMessageContaining("is the same file as --input " + in);
            for (Path target : List.of(in, npy)) {
                assertThatThrownBy(() -> DataFiles.create(target, List.of("a", "b")).close())
                        .isInstanceOf(DataFormatException.class).hasMessageContaining("same file");
            }
            assertThatThrownBy(() -> DataFiles.writeAtomically(in, out -> {
                rows[0]++;
                out.write("a,b\n9,9\n".getBytes(StandardCharsets.UTF_8));
            })).isInstanceOf(DataFormatException.class).hasMessageContaining("same file");
        }
        assertThat(rows[0]).as("rows produced for a refused output").isZero();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("in.csv", "in.npy");
        }
        assertThat(Files.readString(in)).isEqualTo("a,b\n1,2\n");
    }

    @Test
    void aFileBeingReadIsProtectedWhileOpenAndForTheWholeSession() throws IOException {
        Path in = Files.writeString(dir.resolve("in.csv"), "a,b\n1,2\n");
        try (RowReader r = DataFiles.open(in, DataOptions.defaults())) {
            assertThatThrownBy(() -> DataFiles.write(in, M, List.of("a", "b"))).hasMessageContaining("same file");
        }
        DataFiles.write(in, M, List.of("a", "b")); // closed, no session: allowed
        try (InputFiles.Scope s = InputFiles.session()) {
            DataFiles.read(in, DataOptions.defaults());
            assertThatThrownBy(() -> DataFiles.write(in, M, List.of("a", "b"))).hasMessageContaining("same file");
        }
        assertThat(InputFiles.declared()).isEmpty();
    }

    @Test
    void staleTempFilesOfDeadProcessesAreSwept() throws Exception {
        Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-version")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        long dead = p.pid();
        assumeTrue(ProcessHandle.of(dead).map(h -> !h.isAlive()).orElse(true), "pid reused already");
        Path stale = Files.writeString(dir.resolve(".out.csv." + dead + ".12.tmp"), "partial");
        Path mine = Files.writeString(dir.resolve(".out.csv." + ProcessHandle.current().pid() + ".3.tmp"), "x");
        Path otherName = Files.writeString(dir.resolve(".other.csv." + dead + ".1.tmp"), "x");
        Path notOurs = Files.writeString(dir.resolve(".out.csv.notapid.tmp"), "x");
        DataFiles.write(dir.resolve("out.csv"), M, List.of("a", "b"));
        assertThat(stale).doesNotExist();
        assertThat(mine).as("this live process's file").exists();
        assertThat(otherName).as("another output's file").exists();
        assertThat(notOurs).as("not a temp file name of ours").exists();
        assertThat(dir.resolve("out.csv")).exists();
    }

    @Test
    void aParentThatIsAFileIsNamed() throws IOException {
        Path file = Files.writeString(dir.resolve("plain"), "x");
        assertThatThrownBy(() -> DataFiles.write(file.resolve("deeper").resolve("o.csv"), M, List.of("a", "b")))
                .hasMessageContaining(file + " is a regular file, not a folder");
        assertThatThrownBy(() -> DataFiles.write(dir.resolve("nope").resolve("o.csv"), M, List.of("a", "b")))
                .hasMessageContaining("the folder " + dir.resolve("nope") + " does not exist");
    }

    @Test
    void failedWritesLeaveNoTempFile() throws IOException {
        Path out = dir.resolve("o.csv");
        try (RowWriter w = DataFiles.create(out, List.of("a", "b"))) {
            w.write(M);
            // no commit
        }
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.toList()).isEmpty();
        }
    }

    private Path npyWithHeader(String name, String dict) throws IOException {
        String h = dict + " ".repeat(Math.max(0, 118 - dict.length())) + "\n";
        ByteBuffer b = ByteBuffer.allocate(10 + h.length() + 64).order(ByteOrder.LITTLE_ENDIAN);
        b.put(Npy.MAGIC).put((byte) 1).put((byte) 0).putShort((short) h.length());
        b.put(h.getBytes(StandardCharsets.ISO_8859_1));
        Path p = dir.resolve(name);
        Files.write(p, b.array());
        return p;
    }

    @Test
    void npyHeadersNameTheirProblem() throws IOException {
        Path neg = npyWithHeader("neg.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (-3, 2), }");
        assertThatThrownBy(() -> Npy.read(neg)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("neg.npy").hasMessageContaining("negative dimension -3");
        Path wide = npyWithHeader("wide.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 4000000000), }");
        assertThatThrownBy(() -> Npy.read(wide)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("4000000000 columns; at most");
        Path obj = npyWithHeader("obj.npy", "{'descr': '|O', 'fortran_order': False, 'shape': (2, 2), }");
        assertThatThrownBy(() -> Npy.read(obj)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("dtype '|O' is not supported").hasMessageContaining("Python objects");
        Path rec = npyWithHeader("rec.npy", "{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (2,), }");
        assertThatThrownBy(() -> Npy.read(rec)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("structured dtype");
        Path junk = npyWithHeader("junk.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (2, x), }");
        assertThatThrownBy(() -> Npy.read(junk)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("'x', which is not a dimension");
        Path huge = npyWithHeader("huge.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999, 2), }");
        assertThatThrownBy(() -> Npy.read(huge)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("not a dimension");
    }

    @Test
    void aHugeChunkRequestAllocatesOnlyWhatTheFileHolds() throws IOException {
        Path csv = Files.writeString(dir.resolve("a.csv"), "a,b\n1,2\n\n3,4\n");
        try (RowReader r = DataFiles.open(csv, DataOptions.defaults())) {
            RowReader.Chunk c = r.next(Integer.MAX_VALUE);
            assertThat(c.rows()).isEqualTo(2);
            assertThat(r.line(0)).isEqualTo(2);
            assertThat(r.line(1)).isEqualTo(4);
        }
        Path arff = Files.writeString(dir.resolve("a.arff"), "@relation r\n@attribute a numeric\n@data\n1\n%c\n2\n");
        try (RowReader r = DataFiles.open(arff, DataOptions.defaults())) {
            RowReader.Chunk c = r.next(Integer.MAX_VALUE);
            assertThat(c.rows()).isEqualTo(2);
            assertThat(r.line(1)).isEqualTo(6);
        }
        Path npy = dir.resolve("a.npy");
        Npy.write(npy, M);
        try (RowReader r = DataFiles.open(npy, DataOptions.defaults())) {
            assertThat(r.next(Integer.MAX_VALUE).rows()).isEqualTo(2);
        }
    }
}
