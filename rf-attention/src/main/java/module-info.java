/**
 * Attention on rf4j's random features: {@link org.rf4j.attention.PerformerAttention} (linear,
 * FAVOR+-stabilised, bidirectional and causal, with any positive feature map),
 * {@link org.rf4j.attention.ExactAttention} (softmax attention in row blocks, the reference),
 * and {@link org.rf4j.attention.Benchmarks}, the timing loops shared by {@code rf4j bench} and
 * the JMH benchmarks.
 */
module org.rf4j.attention {
    requires transitive org.rf4j.api;
    requires jdk.management; // per-thread allocation counters for Benchmarks

    exports org.rf4j.attention;
}
