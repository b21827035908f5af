package org.rf4j.tasks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.EstimatorProvider;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.spi.Parameter;
import org.rf4j.spi.ParameterSchema;
import org.rf4j.spi.Parameters;

class FeatureCountsTest {

    /** A composite estimator with a 'base' list and no 'm' of its own (like 'hybrid'). */
    public static final class Composite implements EstimatorProvider {
        @Override
        public String id() {
            return "test-composite";
        }

        @Override
        public ParameterSchema schema() {
            return ParameterSchema.of(Parameter.mechanisms("base", MechanismKind.ESTIMATOR, "base estimators"));
        }

        @Override
        public Estimator create(Parameters p, BuildContext context) {
            return context.estimator(p.key("base"), p.getSpecs("base").get(0));
        }
    }

    /** An estimator without any feature count. */
    public static final class Fixed implements EstimatorProvider {
        @Override
        public String id() {
            return "test-fixed";
        }

        @Override
        public ParameterSchema schema() {
            return ParameterSchema.of(List.of());
        }

        @Override
        public Estimator create(Parameters p, BuildContext context) {
            throw new UnsupportedOperationException();
        }
    }

    private static final MechanismRegistry REGISTRY = MechanismRegistry.builder().loadDiscovered()
            .add(new Composite(), "test").add(new Fixed(), "test").build();

    @Test
    void setsTheEstimatorsOwnMOrEveryBaseEstimatorsM() {
        Spec rf = Fixtures.spec("iid", "positive", 64);
        assertThat(FeatureCounts.withFeatureCount(REGISTRY, "e", rf, 16).get("m")).isEqualTo(16L);
        Spec composite = Spec.of("test-composite", "base", List.of(rf, Fixtures.spec("iid", "trigonometric", 8)));
        Spec set = FeatureCounts.withFeatureCount(REGISTRY, "e", composite, 32);
        assertThat((List<?>) set.get("base")).allSatisfy(b -> assertThat(((Spec) b).get("m")).isEqualTo(32L));
        Estimator built = REGISTRY.create(MechanismKind.ESTIMATOR, "e", set);
        assertThat(built.projectionCount(4)).isEqualTo(32);
    }

    @Test
    void refusesEstimatorsWithoutAFeatureCount() {
        assertThatThrownBy(() -> FeatureCounts.withFeatureCount(REGISTRY, "configs[0].estimator", Spec.of("test-fixed"), 8))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("configs[0].estimator")
                .hasMessageContaining("test-fixed");
        assertThatThrownBy(() -> FeatureCounts.withFeatureCount(REGISTRY, "e", Fixtures.spec("iid", "positive", 1), 0))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("m");
    }
}
