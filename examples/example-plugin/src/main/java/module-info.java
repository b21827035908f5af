/**
 * The rf4j example plugin: a worked example of a third-party mechanism JAR (see
 * {@code docs/plugin-guide.md}). It needs only the SPI ({@code org.rf4j.spi}, which brings
 * {@code org.rf4j.api} transitively) and contributes one mechanism of three kinds:
 *
 * <ul>
 *   <li>coupling {@code antithetic}: pairs {@code (w, −w)} of Gaussian projections;</li>
 *   <li>feature map {@code random-phase}: {@code √2·cos(wᵀx + b)} with a uniform random phase b;</li>
 *   <li>λ estimator {@code constant}: a fixed mixing coefficient for hybrids.</li>
 * </ul>
 *
 * <p>Every provider is registered twice, as the SPI requires: here with {@code provides} (found
 * when the JAR is a module: plugins directory, module path) and in {@code META-INF/services}
 * (found when the JAR is on the class path).
 */
module com.example.rf4j.plugin {
    requires transitive org.rf4j.spi;

    exports com.example.rf4j.plugin;

    provides org.rf4j.spi.CouplingProvider with
            com.example.rf4j.plugin.AntitheticCoupling.Provider;
    provides org.rf4j.spi.FeatureMapProvider with
            com.example.rf4j.plugin.RandomPhaseFeatures.Provider;
    provides org.rf4j.spi.LambdaEstimatorProvider with
            com.example.rf4j.plugin.ConstantLambda.Provider;
}
