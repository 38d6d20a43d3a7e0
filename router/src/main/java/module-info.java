/** Pronto's allocation-free radix-trie HTTP router; depends on the JDK only. */
module dev.pronto.router {
    exports dev.pronto.router;
}
