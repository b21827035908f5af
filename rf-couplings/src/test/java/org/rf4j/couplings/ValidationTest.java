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
package org.rf4j.couplings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.RfException;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;

/** Providers, parameter validation, error messages and determinism. */
class ValidationTest {
    private static final MechanismRegistry REGISTRY = MechanismRegistry.discover();

    @Test
    void everyProviderIsRegisteredAndRoundTripsItsSpec() {
        Set<String> ids = REGISTRY.ids(MechanismKind.COUPLING);
        for (String id : new String[] {"iid", "orthogonal", "simplex", "simplex-plus", "orthogonal-hd", "simplex-hd", "givens",
            "halton"}) {
            assertTrue(ids.contains(id), "registered: " + id + " in " + ids);
            Coupling c = REGISTRY.create(MechanismKind.COUPLING, "coupling", Spec.of(id));
            assertEquals(id, c.spec().id());
            assertEquals(c, REGISTRY.create(MechanismKind.COUPLING, "coupling", c.spec()), "spec round trip of " + id);
        }
        assertTrue(REGISTRY.problems().isEmpty(), REGISTRY.problems().toString());
    }

    @Test
    void badParametersAreRejectedByTheSchema() {
        Map<String, Object[]> bad = Map.of(
                "simplex-plus", new Object[] {"passes", 0},
                "orthogonal-hd", new Object[] {"k", 0},
                "simplex-hd", new Object[] {"k", 17},
                "givens", new Object[] {"rotations", -1});
        bad.forEach((id, kv) -> {
            RfException e = assertThrows(RfException.class,
                    () -> REGISTRY.create(MechanismKind.COUPLING, "coupling", Spec.of(id, kv[0], kv[1])));
            assertTrue(e.getMessage().contains(String.valueOf(kv[0])), e.getMessage());
        });
        assertThrows(RfException.class,
                () -> REGISTRY.create(MechanismKind.COUPLING, "coupling", Spec.of("simplex-plus", "tolerance", -1.0)));
        assertThrows(RfException.class,
                () -> REGISTRY.create(MechanismKind.COUPLING, "coupling", Spec.of("givens", "geometry", "diagonal")));
        assertThrows(RfException.class, () -> REGISTRY.create(MechanismKind.COUPLING, "coupling", Spec.of("simplex", "x", 1)));
        assertThrows(RfException.class, () -> REGISTRY.create(MechanismKind.COUPLING, "coupling", Spec.of("qmc")));
    }

    /**
     * A rotation count no heap holds is refused naming its config path, the allowed
     * count and the heap; through the registry already when the config is read.
     */
    @Test
    void givensRotationsBeyondTheHeapAreRefusedWithTheirConfigPath() {
        InvalidParameterException e = assertThrows(InvalidParameterException.class,
                () -> GivensCoupling.checkRotations("estimator.coupling.rotations", 100_000_000L, 8, 64L << 20));
        assertTrue(e.getMessage().startsWith("parameter 'estimator.coupling.rotations' = 100000000 is not allowed; allowed:"
                + " at most " + ((64L << 20) / 2 / 48 - 8) + " rotations per block"), e.getMessage());
        assertTrue(e.getMessage().contains("maximum is 64 MiB"), e.getMessage());
        // on a huge heap the bound is the largest Java array: Integer.MAX_VALUE − 8 − d steps
        long arrayBound = Integer.MAX_VALUE - 8L - 8;
        GivensCoupling.checkRotations("rotations", arrayBound, 8, Long.MAX_VALUE);
        assertThrows(InvalidParameterException.class,
                () -> GivensCoupling.checkRotations("rotations", arrayBound + 1, 8, Long.MAX_VALUE));
        GivensCoupling.checkRotations("rotations", (64L << 20) / 2 / 48 - 8, 8, 64L << 20);
        assertEquals("estimator.coupling.rotations", e.key());
        if (48L * 100_000_000 > Runtime.getRuntime().maxMemory() / 2) { // the schema's maximum needs 4.8 GB
            InvalidParameterException r = assertThrows(InvalidParameterException.class, () -> REGISTRY.create(
                    MechanismKind.COUPLING, "estimator.coupling", Spec.of("givens", "rotations", 100_000_000L)));
            assertTrue(r.getMessage().startsWith("parameter 'estimator.coupling.rotations' = 100000000"), r.getMessage());
            // a coupling built directly (not through the registry) refuses at draw time, before allocating
            GivensCoupling direct = new GivensCoupling(100_000_000, BlockGeometry.ORTHOGONAL);
            assertThrows(InvalidParameterException.class, () -> direct.draw(4, 4, org.rf4j.api.random.Seeds.generator(1)));
        }
    }

    @Test
    void simplexCouplingsExplainWhyDEqualsOneFails() {
        for (Coupling c : Support.all()) {
            if (c.minimumDimension() == 2) {
                InvalidParameterException e = assertThrows(InvalidParameterException.class,
                        () -> c.draw(3, 1, Seeds.generator(1)));
                assertTrue(e.getMessage().contains("d >= 2") && e.getMessage().contains("simplex"), e.getMessage());
            } else {
                assertEquals(3, c.draw(3, 1, Seeds.generator(1)).count(), c + " works at d = 1");
            }
            assertThrows(InvalidParameterException.class, () -> c.draw(0, 4, Seeds.generator(1)), c + " m = 0");
            assertThrows(InvalidParameterException.class, () -> c.draw(4, 0, Seeds.generator(1)), c + " d = 0");
        }
    }

    @Test
    void drawsAreDeterministicForASeed() {
        for (Coupling c : Support.all()) {
            double[] a = c.draw(13, 6, Seeds.generator(5)).matrix().data();
            double[] b = c.draw(13, 6, Seeds.generator(5)).matrix().data();
            double[] other = c.draw(13, 6, Seeds.generator(6)).matrix().data();
            assertArrayEquals(a, b, c + " same seed");
            assertFalse(Arrays.equals(a, other), c + " different seed");
        }
    }
}
