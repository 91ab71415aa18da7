# Completion of `tvm` itself, from docs/completions/tvm.fish (scripts/generate-docs.sh copies it); edit that file.
# The first word is a tool (or help, version, completion, --help, --version); after `tvm TOOL`, the line
# completes as `tvm-TOOL …` would.

function __tvm_complete_tool
    set -l tokens (commandline -opc)
    set -l tool (string replace -r '^tvm-' '' -- $tokens[2])
    contains -- $tool fetch search fav episodes img; or return
    set -l line (string join ' ' -- (string escape -- tvm-$tool $tokens[3..-1]))
    complete -C "$line "(commandline -ct)
end

complete -c tvm -f
complete -c tvm -n __fish_use_subcommand -a fetch -d 'fetch TV shows from the TVMaze API'
complete -c tvm -n __fish_use_subcommand -a search -d 'search TVMaze for shows by name'
complete -c tvm -n __fish_use_subcommand -a fav -d 'favorite shows in a local database'
complete -c tvm -n __fish_use_subcommand -a episodes -d 'the episodes of TV shows'
complete -c tvm -n __fish_use_subcommand -a img -d 'show images, downloaded into a local cache'
complete -c tvm -n __fish_use_subcommand -a help -d 'list the tools, or show a tool\'s help'
complete -c tvm -n __fish_use_subcommand -a version -d 'show the version'
complete -c tvm -n __fish_use_subcommand -a completion -d 'print the completion scripts for a shell'
complete -c tvm -n __fish_use_subcommand -l help -d 'list the tools'
complete -c tvm -n __fish_use_subcommand -l version -d 'show the version'
complete -c tvm -n '__fish_seen_subcommand_from help' -a 'fetch search fav episodes img'
complete -c tvm -n '__fish_seen_subcommand_from completion; and test (count (commandline -opc)) -eq 2' -a 'bash zsh fish'
complete -c tvm -n '__fish_seen_subcommand_from completion; and test (count (commandline -opc)) -eq 3' -a 'tvm fetch search fav episodes img'
complete -c tvm -n 'not __fish_use_subcommand; and not __fish_seen_subcommand_from help completion' -a '(__tvm_complete_tool)'
