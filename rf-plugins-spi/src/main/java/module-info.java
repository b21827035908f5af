/**
 * The rf4j plugin SPI: one provider interface per mechanism kind, parameter schemas validated
 * in one place, and the {@link org.rf4j.spi.MechanismRegistry} that discovers providers with
 * {@link java.util.ServiceLoader} on the module path, the class path and in a plugins directory
 * (each JAR in its own {@link java.lang.ModuleLayer}).
 *
 * <p>Built-in providers register exactly like third-party ones: {@code provides ... with ...} in
 * their module-info and a {@code META-INF/services} file.
 */
module org.rf4j.spi {
    requires transitive org.rf4j.api;
    requires org.slf4j;

    exports org.rf4j.spi;

    uses org.rf4j.spi.KernelProvider;
    uses org.rf4j.spi.CouplingProvider;
    uses org.rf4j.spi.FeatureMapProvider;
    uses org.rf4j.spi.LambdaEstimatorProvider;
    uses org.rf4j.spi.SamplingPolicyProvider;
    uses org.rf4j.spi.EstimatorProvider;

    provides org.rf4j.spi.KernelProvider with
            org.rf4j.spi.BuiltInKernels.Gaussian,
            org.rf4j.spi.BuiltInKernels.Softmax;
}
