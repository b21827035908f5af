/**
 * rf4j applications and evaluation: kernel regression / nonparametric classification with
 * random features beside the exact kernel, Gram matrix approximation, pointwise Monte Carlo
 * studies with their closed forms, Performer attention against exact attention, and the evaluation harness with its table and self-contained
 * HTML/SVG report. Estimators are built through the plugin registry, so every registered
 * mechanism (built-in or plugin) can be evaluated. Bundles the Iris data set as a resource.
 */
module org.rf4j.tasks {
    requires transitive org.rf4j.api;
    requires transitive org.rf4j.spi;
    requires transitive org.rf4j;
    requires org.rf4j.theory;
    requires transitive org.rf4j.attention;

    exports org.rf4j.tasks;
    exports org.rf4j.tasks.report;
}
