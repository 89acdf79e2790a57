package main

import (
	"fmt"
	"os"

	"github.com/twixtbot/twixtbot/bot"
	"github.com/twixtbot/twixtbot/storage"
)

// openStore opens the bot's store: the etcd cluster if
// TWIXTBOT_ETCD_ENDPOINTS is set, with its election of the process that
// runs the clock and the computer; otherwise the bbolt file, with no
// election (leader is nil: this process alone uses the file). closeStore
// resigns the lead, if held, and closes the store.
func openStore(cfg Config) (store *storage.Store, leader bot.Leader, closeStore func(), err error) {
	ec, err := cfg.Etcd()
	if err != nil {
		return nil, nil, nil, err
	}
	if len(ec.Endpoints) == 0 {
		s, err := storage.Open(cfg.DB, nil)
		if err != nil {
			return nil, nil, nil, err
		}
		return s, nil, func() { s.Close() }, nil
	}
	s, err := storage.OpenEtcd(ec, nil)
	if err != nil {
		return nil, nil, nil, err
	}
	host, _ := os.Hostname()
	l, err := s.NewLeader(fmt.Sprintf("%s/%d", host, os.Getpid()), 0)
	if err != nil {
		s.Close()
		return nil, nil, nil, err
	}
	return s, l, func() { l.Close(); s.Close() }, nil
}
