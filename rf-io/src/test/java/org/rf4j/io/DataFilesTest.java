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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.rf4j.api.Matrix;

/** CSV, ARFF and .npy reading and writing on generated files. */
class DataFilesTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void csvWithHeaderAndNamedLabel() throws IOException {
        Path p = write("a.csv", "x,y,class\n1,2,cat\n3.5,-4e-1,dog\n\n# comment\n5,6,cat\n");
        Dataset d = DataFiles.read(p, DataOptions.defaults().withLabel("class"));
        assertThat(d.columns()).containsExactly("x", "y");
        assertThat(d.x()).isEqualTo(Matrix.of(new double[][] {{1, 2}, {3.5, -0.4}, {5, 6}}));
        assertThat(d.labels()).containsExactly(0, 1, 0);
        assertThat(d.classes()).containsExactly("cat", "dog");
    }

    @Test
    void csvWithoutHeaderLabelByIndexSemicolonsAndQuotes() throws IOException {
        Path p = write("b.csv", "1;\"2\";0\n3;4;1\n5;6;2\n");
        Dataset d = DataFiles.read(p, DataOptions.defaults().withLabel("-1"));
        assertThat(d.columns()).containsExactly("c0", "c1");
        assertThat(d.x()).isEqualTo(Matrix.of(new double[][] {{1, 2}, {3, 4}, {5, 6}}));
        assertThat(d.labels()).containsExactly(0, 1, 2);
        assertThat(d.classes()).isEmpty();
        // Nominal labels in every row are not a header.
        Dataset e = DataFiles.read(write("c.tsv", "1\t2\ta\n3\t4\tb\n"), DataOptions.defaults().withLabel("2"));
        assertThat(e.rows()).isEqualTo(2);
        assertThat(e.labels()).containsExactly(0, 1);
    }

    static Stream<Arguments> badCsv() {
        return Stream.of(
                Arguments.of("a,b\n1,2\n3,x\n", "line 3, column 2", "'x'"),
                Arguments.of("a,b\n1,2\n3\n", "line 3", "1 fields but 2"),
                Arguments.of("a,b\n1,NaN\n", "line 2, column 2", "not finite"),
                Arguments.of("a,b\n1,\n", "line 2, column 2", "empty field"),
                Arguments.of("a,b\n1,\"2\n", "line 2", "unclosed quote"),
                Arguments.of("a,b\n1,2d\n", "line 2, column 2", "not a number"));
    }

    @ParameterizedTest
    @MethodSource("badCsv")
    void csvErrorsNameFileLineAndColumn(String text, String where, String what) throws IOException {
        Path p = write("bad.csv", text);
        assertThatThrownBy(() -> DataFiles.read(p, DataOptions.defaults())).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("bad.csv").hasMessageContaining(where).hasMessageContaining(what);
    }

    @Test
    void unknownLabelAndFormat() throws IOException {
        Path p = write("a.csv", "x,y\n1,2\n");
        assertThatThrownBy(() -> DataFiles.read(p, DataOptions.defaults().withLabel("z")))
                .hasMessageContaining("'z'").hasMessageContaining("[x, y]");
        assertThatThrownBy(() -> DataFiles.read(p, DataOptions.defaults().withLabel("5")))
                .hasMessageContaining("index 5");
        Path q = write("a.xls", "");
        assertThatThrownBy(() -> DataFiles.read(q, DataOptions.defaults())).hasMessageContaining("supported");
    }

    @Test
    void csvStreamsInChunks() throws IOException {
        StringBuilder sb = new StringBuilder("v,w\n");
        for (int i = 0; i < 1000; i++) {
            sb.append(i).append(',').append(-i).append('\n');
        }
        Path p = write("big.csv", sb.toString());
        try (RowReader r = DataFiles.open(p, DataOptions.defaults())) {
            int chunks = 0;
            long sum = 0;
            RowReader.Chunk c;
            while ((c = r.next(64)) != null) {
                assertThat(c.rows()).isLessThanOrEqualTo(64);
                chunks++;
                sum += (long) c.x().get(c.rows() - 1, 0);
            }
            assertThat(chunks).isEqualTo(16);
            assertThat(r.rowsRead()).isEqualTo(1000);
            assertThat(sum).isPositive();
        }
    }

    @Test
    void arffNumericNominalAndSparse() throws IOException {
        Path p = write("w.arff", """
                % a comment
                @RELATION weather
                @ATTRIBUTE temperature NUMERIC
                @attribute 'out look' {sunny, overcast, 'rainy day'}
                @attribute humidity real
                @attribute play {yes, no}
                @data
                85, sunny, 85, no
                80,'rainy day',90,yes % trailing comment
                {0 70, 1 overcast, 3 yes}
                """);
        Dataset d = DataFiles.read(p, DataOptions.defaults());
        assertThat(d.columns()).containsExactly("temperature", "out look=sunny", "out look=overcast",
                "out look=rainy day", "humidity");
        assertThat(d.x()).isEqualTo(Matrix.of(new double[][] {{85, 1, 0, 0, 85}, {80, 0, 0, 1, 90}, {70, 0, 1, 0, 0}}));
        assertThat(d.labels()).containsExactly(1, 0, 0);
        assertThat(d.classes()).containsExactly("yes", "no");
    }

    @Test
    void arffErrors() throws IOException {
        Path missing = write("m.arff", "@relation r\n@attribute a numeric\n@attribute c {x,y}\n@data\n1,x\n?,y\n");
        assertThatThrownBy(() -> DataFiles.read(missing, DataOptions.defaults())).hasMessageContaining("m.arff, line 6, column 1")
                .hasMessageContaining("missing value");
        Path badNominal = write("n.arff", "@relation r\n@attribute a numeric\n@attribute c {x,y}\n@data\n1,z\n");
        assertThatThrownBy(() -> DataFiles.read(badNominal, DataOptions.defaults())).hasMessageContaining("line 5, column 2")
                .hasMessageContaining("'z'");
        Path string = write("s.arff", "@relation r\n@attribute a string\n@data\n");
        assertThatThrownBy(() -> DataFiles.read(string, DataOptions.defaults())).hasMessageContaining("line 2")
                .hasMessageContaining("string");
    }

    /** A hand-built .npy file (as NumPy writes it) of the given dtype, order and version. */
    private Path npy(String name, String descr, boolean fortran, int major, int rows, int cols, double[] rowMajor)
            throws IOException {
        String dict = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': ("
                + rows + (cols < 0 ? "," : ", " + cols) + "), }";
        int pre = major == 1 ? 10 : 12;
        int total = ((pre + dict.length() + 1 + 63) / 64) * 64;
        String header = dict + " ".repeat(total - pre - dict.length() - 1) + "\n";
        ByteOrder order = descr.charAt(0) == '>' ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        char kind = descr.charAt(1);
        int size = Integer.parseInt(descr.substring(2));
        int c = Math.abs(cols);
        ByteBuffer b = ByteBuffer.allocate(total + rowMajor.length * size).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) major, 0});
        if (major == 1) {
            b.putShort((short) header.length());
        } else {
            b.putInt(header.length());
        }
        b.put(header.getBytes(StandardCharsets.US_ASCII));
        b.order(order);
        for (int k = 0; k < rowMajor.length; k++) {
            int i = fortran ? k % rows : k / c;
            int j = fortran ? k / rows : k % c;
            double v = rowMajor[i * c + j];
            switch (kind) {
                case 'f' -> {
                    if (size == 8) {
                        b.putDouble(v);
                    } else {
                        b.putFloat((float) v);
                    }
                }
                case 'i' -> {
                    if (size == 8) {
                        b.putLong((long) v);
                    } else if (size == 4) {
                        b.putInt((int) v);
                    } else {
                        b.putShort((short) v);
                    }
                }
                default -> b.put((byte) v);
            }
        }
        Path p = dir.resolve(name);
        Files.write(p, b.array());
        return p;
    }

    @ParameterizedTest
    @CsvSource({
        "<f8, false, 1", ">f8, false, 1", "<f4, false, 2", ">f4, true, 1", "<i4, false, 1", ">i8, true, 2",
        "<i2, false, 3", "|u1, true, 1", "<f8, true, 3",
    })
    void npyDtypesOrdersAndVersions(String descr, boolean fortran, int major) throws IOException {
        double[] v = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        Path p = npy("a.npy", descr, fortran, major, 4, 3, v);
        Matrix m = Npy.read(p);
        assertThat(m).isEqualTo(Matrix.wrap(4, 3, v));
        try (RowReader r = DataFiles.open(p, DataOptions.defaults())) {
            assertThat(r.next(3).rows()).isEqualTo(3);
            assertThat(r.next(3).x().row(0)).containsExactly(10, 11, 12);
            assertThat(r.next(3)).isNull();
        }
    }

    @Test
    void npyOneDimensionalAndErrors() throws IOException {
        assertThat(Npy.read(npy("v.npy", "<f8", false, 1, 3, -1, new double[] {1, 2, 3})))
                .isEqualTo(Matrix.wrap(3, 1, new double[] {1, 2, 3}));
        Path nan = npy("nan.npy", "<f8", false, 1, 2, 2, new double[] {1, 2, Double.NaN, 4});
        assertThatThrownBy(() -> Npy.read(nan)).hasMessageContaining("nan.npy, row 2, column 1")
                .hasMessageContaining("not finite");
        Path bad = write("bad.npy", "not numpy");
        assertThatThrownBy(() -> Npy.read(bad)).hasMessageContaining("magic");
        Path c = npy("c.npy", "<c16", false, 1, 1, 1, new double[0]);
        assertThatThrownBy(() -> Npy.read(c)).hasMessageContaining("c16");
    }

    @Test
    void npyAndCsvWriteRoundTrip() throws IOException {
        Matrix m = Matrix.of(new double[][] {{0.1, -2.5e-300, 3}, {Math.PI, 1e300, -0.0}});
        Path npy = dir.resolve("m.npy");
        Npy.write(npy, m);
        assertThat(Npy.read(npy)).isEqualTo(m.copy());
        assertThat(Files.size(npy) % 8).isZero();
        byte[] head = Files.readAllBytes(npy);
        String header = new String(head, 10, 118, StandardCharsets.US_ASCII);
        assertThat(header).contains("'shape': (2, 3)").endsWith("\n");
        Path csv = dir.resolve("m.csv");
        DataFiles.write(csv, m, List.of("a", "b", "c"));
        Matrix back = DataFiles.read(csv, DataOptions.defaults()).x();
        for (int k = 0; k < 6; k++) {
            assertThat(back.data()[k]).isEqualTo(m.data()[k] == 0 ? 0.0 : m.data()[k]);
        }
    }

    /**
     * The float path's files: a float32 .npy has dtype {@code <f4}, 4 bytes per value, and reads back
     * (widened exactly) as the floats written, past one 16,384-value buffer; float rows into a float64
     * file widen exactly, double rows into a float32 file round once; CSV float rows read back as the
     * same floats. A writer that kept 8-byte slots or the {@code <f8} header in a float32 file fails.
     */
    @Test
    void float32NpyAndFloatCsvRoundTrip() throws IOException {
        float[] v = new float[3 * 6000];
        java.util.SplittableRandom g = new java.util.SplittableRandom(9);
        for (int k = 0; k < v.length; k++) {
            v[k] = (float) (g.nextGaussian() * Math.exp(g.nextDouble(-30, 30)));
        }
        v[1] = -0.0f;
        v[2] = Float.MIN_VALUE;
        org.rf4j.api.FloatMatrix f = org.rf4j.api.FloatMatrix.wrap(6000, 3, v);
        Path npy = dir.resolve("f.npy");
        try (RowWriter w = DataFiles.create(npy, List.of("a", "b", "c"), true)) {
            w.write(f.rowRange(0, 10));
            w.write(f.rowRange(10, 6000));
            w.commit();
        }
        byte[] head = Files.readAllBytes(npy);
        int headerLength = 10 + ((head[8] & 0xff) | (head[9] & 0xff) << 8);
        assertThat(new String(head, 10, headerLength - 10, StandardCharsets.US_ASCII)).contains("'descr': '<f4'")
                .contains("'shape': (6000, 3)");
        assertThat(Files.size(npy)).isEqualTo(headerLength + 4L * v.length);
        Matrix back = Npy.read(npy);
        for (int k = 0; k < v.length; k++) {
            assertThat(back.data()[k]).isEqualTo((double) v[k]);
        }
        Path wide = dir.resolve("w.npy");
        try (RowWriter w = DataFiles.create(wide, List.of("a", "b", "c"), false)) {
            w.write(f);
            w.commit();
        }
        assertThat(Npy.read(wide)).isEqualTo(f.toDouble());
        Path narrow = dir.resolve("n.npy");
        try (RowWriter w = DataFiles.create(narrow, List.of("a", "b", "c"), true)) {
            w.write(Matrix.of(new double[][] {{0.1, Math.PI, -1e-50}}));
            w.commit();
        }
        assertThat(Npy.read(narrow).data()).containsExactly(0.1f, (float) Math.PI, -0.0f);
        // a finite double beyond float's range is refused, not written as infinity
        Path over = dir.resolve("o.npy");
        try (RowWriter w = DataFiles.create(over, List.of("a", "b", "c"), true)) {
            assertThatThrownBy(() -> w.write(Matrix.of(new double[][] {{1, 2, 3}, {4, 1e300, 6}})))
                    .isInstanceOf(org.rf4j.api.InvalidInputException.class)
                    .hasMessageContaining("row 2, column 2 (1-based)").hasMessageContaining("1.0E300")
                    .hasMessageContaining("float32");
        }
        assertThat(over).doesNotExist();
        Path csv = dir.resolve("f.csv");
        try (RowWriter w = DataFiles.create(csv, List.of("a", "b", "c"), true)) {
            w.write(f);
            w.commit();
        }
        Matrix text = DataFiles.read(csv, DataOptions.defaults()).x();
        for (int k = 0; k < v.length; k++) {
            assertThat((float) text.data()[k]).isEqualTo(v[k] == 0 ? 0.0f : v[k]);
        }
        assertThat(Files.readAllLines(csv).get(1)).doesNotContain("0000000");
    }

    @Test
    void atomicWriteFailureLeavesNothing() throws IOException {
        Path target = dir.resolve("t.csv");
        Files.writeString(target, "old");
        try (RowWriter w = DataFiles.create(target, List.of("a"))) {
            w.write(Matrix.wrap(1, 1, new double[] {1}));
            // no commit: a failure before the end
        }
        assertThat(Files.readString(target)).isEqualTo("old");
        try (var s = Files.list(dir)) {
            assertThat(s.toList()).containsExactly(target);
        }
    }
}
