/**
 * The picocli commands, one class per subcommand, created by Guice through
 * {@link org.rf4j.app.inject.GuiceFactory} so they can {@code @Inject} what they need. To add a
 * subcommand, write its class here and add it to {@link org.rf4j.app.cli.RootCommand#SUBCOMMANDS}.
 */
package org.rf4j.app.cli;
