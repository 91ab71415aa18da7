import FavoriteCommands
import Foundation
import TVMCLI

// Started as `tvm-fav` (tvm-fav hands `add` and `refresh` over this way, see FavoritesNetwork), tvm-fetch runs
// tvm-fav's command line with the network.
if (CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }) == "tvm-fav" {
    await FavoritesNetworkContext.$current.withValue(OnlineFavorites()) {
        await FavCommand.runAsTool()
    }
} else {
    await FetchCommand.runAsTool()
}
