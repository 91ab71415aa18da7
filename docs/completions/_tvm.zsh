#compdef tvm
# Completion of `tvm` itself, from docs/completions/_tvm.zsh (scripts/generate-docs.sh copies it); edit that file.
# The first word is a tool (or help, version, completion, --help, --version); after `tvm TOOL`, the line
# completes as `tvm-TOOL …` would, through the autoloaded _tvm-TOOL function.

_tvm() {
    local -a tools=(
        'fetch:fetch TV shows from the TVMaze API'
        'search:search TVMaze for shows by name'
        'fav:favorite shows in a local database'
        'episodes:the episodes of TV shows'
        'img:show images, downloaded into a local cache'
    )
    if ((CURRENT == 2)); then
        _describe -t tools 'tvm tool' tools
        _values 'option' help version completion --help --version
        return
    fi
    if [[ ${words[2]} == completion ]]; then
        ((CURRENT == 3)) && _values 'shell' bash zsh fish
        ((CURRENT == 4)) && _values 'tool' tvm fetch search fav episodes img
        return
    fi
    if [[ ${words[2]} == help ]]; then
        ((CURRENT == 3)) && _describe -t tools 'tvm tool' tools
        return
    fi
    local tool=${words[2]#tvm-}
    ((${tools[(I)$tool:*]})) || return 1
    words=("tvm-$tool" "${(@)words[3,-1]}")
    ((CURRENT--))
    "_tvm-$tool"
}

if [[ "${funcstack[1]}" = _tvm ]]; then
    _tvm "${@}"
else
    compdef _tvm tvm
fi
