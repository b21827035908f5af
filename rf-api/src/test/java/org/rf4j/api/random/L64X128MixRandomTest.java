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
package org.rf4j.api.random;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.junit.jupiter.api.Test;

/**
 * rf4j's own L64X128MixRandom against the JDK's: the same stream for every seed and every method
 * rf4j (or a plugin) may call, and a first use that no thread context class loader can break.
 */
class L64X128MixRandomTest {

    @Test
    void everyMethodGivesTheJdkStreamBitForBit() {
        RandomGeneratorFactory<RandomGenerator> jdk = RandomGeneratorFactory.of(Seeds.ALGORITHM);
        SplittableRandom seeds = new SplittableRandom(20261127L);
        long[] edge = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x6A09E667F3BCC909L, 42};
        for (int k = 0; k < 2_000; k++) {
            long seed = k < edge.length ? edge[k] : seeds.nextLong();
            RandomGenerator ours = Seeds.generator(seed);
            RandomGenerator theirs = jdk.create(seed);
            for (int i = 0; i < 64; i++) {
                switch (i % 11) {
                    case 0 -> assertThat(ours.nextLong()).isEqualTo(theirs.nextLong());
                    case 1 -> assertThat(Double.doubleToRawLongBits(ours.nextDouble()))
                            .isEqualTo(Double.doubleToRawLongBits(theirs.nextDouble()));
                    case 2 -> assertThat(Double.doubleToRawLongBits(ours.nextGaussian()))
                            .isEqualTo(Double.doubleToRawLongBits(theirs.nextGaussian()));
                    case 3 -> assertThat(ours.nextInt(1 + (i * 7919) % 1000)).isEqualTo(theirs.nextInt(1 + (i * 7919) % 1000));
                    case 4 -> assertThat(ours.nextInt()).isEqualTo(theirs.nextInt());
                    case 5 -> assertThat(Double.doubleToRawLongBits(ours.nextExponential()))
                            .isEqualTo(Double.doubleToRawLongBits(theirs.nextExponential()));
                    case 6 -> assertThat(ours.nextLong(1L << 40 | i)).isEqualTo(theirs.nextLong(1L << 40 | i));
                    case 7 -> assertThat(ours.nextDouble(-2.5, 3.0)).isEqualTo(theirs.nextDouble(-2.5, 3.0));
                    case 8 -> assertThat(ours.nextBoolean()).isEqualTo(theirs.nextBoolean());
                    case 9 -> assertThat(Float.floatToRawIntBits(ours.nextFloat()))
                            .isEqualTo(Float.floatToRawIntBits(theirs.nextFloat()));
                    default -> assertThat(ours.nextGaussian(1.5, 0.25)).isEqualTo(theirs.nextGaussian(1.5, 0.25));
                }
            }
        }
    }

    @Test
    void goldenValuesHoldOnEveryJdk() {
        RandomGenerator g = Seeds.generator(1);
        assertThat(g.nextLong()).isEqualTo(-1758847578096520770L);
        assertThat(g.nextGaussian()).isEqualTo(0.3008215546680552);
    }

    /**
     * What a Spark 4 executor does: rf4j's first use happens on a thread whose context class loader
     * has a null parent. On JDK 17–22 the JDK's factory then finds no algorithm, and
     * {@code Seeds} can never initialise in that JVM. A fresh JVM is needed, since the failure only
     * shows on the JVM's first lookup.
     */
    @Test
    void firstUseUnderANullParentContextLoaderWorksInAFreshJvm() throws IOException, InterruptedException,
            URISyntaxException {
        String classes = Path.of(Seeds.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        String tests = Path.of(L64X128MixRandomTest.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        String launcher = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(launcher, "-Xmx64m", "-cp", classes + File.pathSeparator + tests,
                NullParentLoaderProbe.class.getName())).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(out).isEqualTo("-1758847578096520770");
        assertThat(p.exitValue()).isZero();
    }

    /** Run in a fresh JVM by the test above. */
    public static final class NullParentLoaderProbe {
        public static void main(String[] args) throws Exception {
            long[] result = new long[1];
            Throwable[] failure = new Throwable[1];
            try (URLClassLoader isolated = new URLClassLoader(new URL[0], null)) {
                Thread t = new Thread(() -> {
                    try {
                        result[0] = Seeds.generator(1).nextLong();
                    } catch (Throwable e) {
                        failure[0] = e;
                    }
                });
                t.setContextClassLoader(isolated);
                t.start();
                t.join();
            }
            if (failure[0] != null) {
                System.out.println("failed: " + failure[0]);
                System.exit(3);
            }
            System.out.println(result[0]);
        }
    }
}
