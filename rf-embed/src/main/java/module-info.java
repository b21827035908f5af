/**
 * How rf4j embeds in another application without Guice, a CLI library or a logging backend:
 * {@link org.rf4j.embed.Embed} uses the library front door ({@code org.rf4j}) and the registry's
 * plain {@link java.util.ServiceLoader} discovery, plus a plugins directory. It is the launcher of
 * the curated jlink image.
 */
module org.rf4j.embed {
    requires org.rf4j;

    exports org.rf4j.embed;
}
