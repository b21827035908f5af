/**
 * How the rf4j core embeds in another application without Guice, a CLI library or a config
 * parser: {@link org.rf4j.embed.Embed} finds the mechanism providers with plain
 * {@link java.util.ServiceLoader} and runs one kernel estimate. It is the launcher of the curated
 * jlink image (rf-api, rf-theory, rf-plugins-spi, rf-couplings, rf-features and slf4j-api, which
 * the SPI's registry logs through; nothing here initialises it).
 *
 * <p>The mechanism modules are not {@code require}d: they are found by service binding, exactly as
 * an embedding application would find a plugin it was not compiled against.
 */
module org.rf4j.embed {
    requires org.rf4j.spi;

    exports org.rf4j.embed;

    uses org.rf4j.spi.KernelProvider;
    uses org.rf4j.spi.CouplingProvider;
    uses org.rf4j.spi.FeatureMapProvider;
    uses org.rf4j.spi.LambdaEstimatorProvider;
    uses org.rf4j.spi.SamplingPolicyProvider;
    uses org.rf4j.spi.EstimatorProvider;
}
