/**
 * The provider test kit: abstract JUnit 5 contract tests that a mechanism author extends by
 * supplying only the provider (and, optionally, parameters). Every built-in provider runs them,
 * and so should every plugin.
 *
 * <p>Each contract checks the shape of the output, 0-row input, determinism for a seed,
 * rejection of bad parameters, the config round trip, and unbiasedness within a tolerance
 * derived from the Monte Carlo standard error (see {@link org.rf4j.testkit.MonteCarlo}).
 */
module org.rf4j.testkit {
    requires transitive org.rf4j.spi;
    requires transitive org.junit.jupiter.api;
    requires transitive org.junit.jupiter.params;
    requires transitive org.assertj.core;

    exports org.rf4j.testkit;

    opens org.rf4j.testkit to org.junit.platform.commons;
}
