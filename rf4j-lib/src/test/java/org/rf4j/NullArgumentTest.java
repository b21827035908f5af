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
package org.rf4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.RfException;
import org.rf4j.spi.MechanismRegistry;

/**
 * Every public method of the front door ({@link RandomFeatures}, {@link RandomFeatureMap},
 * {@link Attention}, and advice's {@code AdviceRequest} and {@code Advisor}), found by reflection so that a new method cannot be missed, refuses a null
 * argument with the domain exception naming it — never a NullPointerException. Arguments whose null
 * is documented (a default, "allocate the output", "none") are listed in {@link #nullable}.
 */
class NullArgumentTest {
    private static final RandomFeatures FEATURES = RandomFeatures.gaussian(1.0).m(8).seed(1);
    private static final RandomFeatureMap MAP = FEATURES.fit(2);
    private static final Attention ATTENTION = RandomFeatures.softmax().features("positive").m(8).seed(1).attention(2);

    /** A valid value of a parameter type, or null where there is none to give. */
    private static Object sample(Class<?> t) {
        double[][] rows = {{0.1, 0.2}, {0.3, -0.1}};
        if (t == int.class) {
            return 2;
        } else if (t == long.class) {
            return 1L;
        } else if (t == double.class) {
            return 1.0;
        } else if (t == boolean.class) {
            return false;
        } else if (t == String.class) {
            return "positive";
        } else if (t == Map.class) {
            return Map.of();
        } else if (t == Path.class) {
            return Path.of("no-such-config.json");
        } else if (t == double[][].class) {
            return rows;
        } else if (t == double[].class) {
            return new double[] {0.1, 0.2};
        } else if (t == float[][].class) {
            return new float[][] {{0.1f, 0.2f}, {0.3f, -0.1f}};
        } else if (t == Matrix.class) {
            return Matrix.of(rows);
        } else if (t == FloatMatrix.class) {
            return FloatMatrix.of(new float[][] {{0.1f, 0.2f}, {0.3f, -0.1f}});
        } else if (t == MechanismRegistry.class) {
            return MechanismRegistry.discover();
        }
        return null;
    }

    /**
     * The arguments whose null is documented and meaningful: the default config, and "allocate the
     * output" for the buffer forms of transform.
     */
    private static boolean nullable(Method m, int k) {
        return m.getName().equals("fromConfigOrDefault") || m.getName().equals("equals")
                || m.getName().startsWith("transform") && m.getParameterCount() == 2 && k == 1
                // advice: no keys (the data against itself), no target error, all candidates, no data reference
                || m.getName().equals("attention") && k == 1
                || List.of("withKeys", "withTargetError", "withCandidates", "withDataReference").contains(m.getName())
                || m.getName().equals("requireDistinctRows") && k == 1;
    }

    @Test
    void everyPublicFrontDoorMethodRefusesNullArgumentsWithTheDomainException() throws Exception {
        List<String> failures = new ArrayList<>();
        int calls = 0;
        Object[][] targets = {{RandomFeatures.class, FEATURES}, {RandomFeatureMap.class, MAP}, {Attention.class, ATTENTION},
            {org.rf4j.advise.AdviceRequest.class, org.rf4j.advise.AdviceRequest.of(Matrix.of(new double[][] {{0.1, 0.2}, {0.3, 0.4}}),
                    org.rf4j.api.kernel.Kernel.gaussian(1.0))},
            {org.rf4j.advise.Advisor.class, new org.rf4j.advise.Advisor(MechanismRegistry.discover())}};
        for (Object[] target : targets) {
            for (Method m : ((Class<?>) target[0]).getDeclaredMethods()) {
                if (!Modifier.isPublic(m.getModifiers()) || m.isSynthetic()) {
                    continue;
                }
                Class<?>[] types = m.getParameterTypes();
                for (int k = 0; k < types.length; k++) {
                    if (types[k].isPrimitive() || nullable(m, k)) {
                        continue;
                    }
                    Object[] args = new Object[types.length];
                    for (int j = 0; j < types.length; j++) {
                        args[j] = j == k ? null : sample(types[j]);
                    }
                    calls++;
                    Object self = Modifier.isStatic(m.getModifiers()) ? null : target[1];
                    try {
                        m.invoke(self, args);
                        failures.add(m + " argument " + k + ": accepted null");
                    } catch (InvocationTargetException e) {
                        Throwable c = e.getCause();
                        if (!(c instanceof RfException) || !String.valueOf(c.getMessage()).contains("null")) {
                            failures.add(m + " argument " + k + ": " + c);
                        }
                    }
                }
            }
        }
        assertThat(calls).isGreaterThan(40);
        assertThat(failures).as(String.join("\n", failures)).isEmpty();
    }

    @Test
    void theReportedCasesNameTheArgument() {
        assertThatThrownBy(() -> RandomFeatures.gaussian(1).features("gerf", null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("parameters");
        assertThatThrownBy(() -> RandomFeatures.gaussian(1).registry(null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("registry");
        assertThatThrownBy(() -> RandomFeatures.gaussian(1).fit((Matrix) null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("X");
        assertThatThrownBy(() -> RandomFeatures.fromConfig((String) null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("json");
        assertThatThrownBy(() -> RandomFeatures.fromConfig((Path) null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("file");
    }
}
